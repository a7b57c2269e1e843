/**
 * `packages/cli/src/generated/options.ts`: per operation of the surface, its
 * CLI option specs (`LIST_SHIPMENTS_OPTIONS`, enumerations with their
 * `choices`) and the function that maps parsed options onto the SDK's
 * arguments (`listShipmentsArguments`). Names are the SDK's argument path
 * without `filter` (`filter.containerStatus` is `--container-status`);
 * descriptions are the spec's; `cli-overrides.ts` says where the CLI differs.
 */
import { CLI_OVERRIDES, type CliOverride, SCHEMA_PLACEHOLDERS } from './cli-overrides.js';
import {
  byPathKey,
  calleesOf,
  constant,
  enumSource,
  flatName,
  type OperationSurface,
  type SurfaceParameter,
  specImport,
} from './surface.js';

/** The option name of a parameter: its override, else its flat argument path. */
export function optionName(parameter: SurfaceParameter): string {
  return CLI_OVERRIDES[parameter.wire]?.name ?? flatName(parameter.path);
}

/** `Only containers in this \`current_status\`.` -> `only containers in this current_status`. */
function cliText(description: string): string {
  const text = description.replaceAll('`', '').replace(/\.$/, '');
  // An acronym (`UN/LOCODE`, `SCAC`) keeps its case.
  return /^.[a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function spec(parameter: SurfaceParameter): string {
  const { row, info, wire } = parameter;
  const override: CliOverride = CLI_OVERRIDES[wire] ?? {};
  const description = JSON.stringify(override.description ?? cliText(info.description));
  const placeholder =
    override.placeholder ??
    (info.list ? 'a,b' : info.schema === undefined ? undefined : SCHEMA_PLACEHOLDERS[info.schema]);
  const withPlaceholder = (builder: string) =>
    `${builder}(${description}${placeholder === undefined ? '' : `, '${placeholder}'`})`;
  switch (row.type) {
    case 'include':
      return `someOf(${enumSource(row)}, ${description})`;
    case 'enum':
      return row.open ? withPlaceholder('text') : `oneOf(${enumSource(row)}, ${description})`;
    case 'boolean':
      return `yesNo(${description})`;
    case 'integer':
      return withPlaceholder('integer');
    case 'number':
      return withPlaceholder('decimal');
    default:
      return withPlaceholder('text');
  }
}

/** The SDK argument object, nested as the SDK's argument paths are. */
function argumentsObject(parameters: SurfaceParameter[], depth: number, indent: string): string {
  const { leaves, groups } = byPathKey(parameters, depth);
  const lines = leaves.map((p) => `${indent}${p.path[depth]}: o.${optionName(p)},`);
  for (const [key, group] of groups) {
    lines.push(
      `${indent}${key}: {\n${argumentsObject(group, depth + 1, `${indent}  `)}\n${indent}},`,
    );
  }
  return lines.join('\n');
}

function renderSurface(surface: OperationSurface): string {
  const options = constant(surface.operationId);
  const specs = surface.parameters.map((p) => `  ${optionName(p)}: ${spec(p)},`);
  return `/** The options of \`${surface.call}\` (\`${surface.operationId}\`), from the spec. */
export const ${options}_OPTIONS = {
${specs.join('\n')}
};

/** The arguments of \`${surface.call}\` from the parsed options of \`${options}_OPTIONS\`. */
export function ${surface.operationId}Arguments(o: OptionValues<typeof ${options}_OPTIONS>) {
  return {
${argumentsObject(surface.parameters, 0, '    ')}
  };
}`;
}

/** The text of the CLI's `generated/options.ts`. */
export function renderCliOptions(header: string, all: readonly OperationSurface[]): string {
  const surfaces = all.filter((surface) => surface.parameters.length > 0);
  const builders = calleesOf(surfaces.flatMap((s) => s.parameters.map(spec)));
  return `${header}
${specImport(surfaces)}import type { OptionValues } from '../commands/operation.js';
import { ${builders} } from '../commands/option-specs.js';

${surfaces.map(renderSurface).join('\n\n')}
`;
}
