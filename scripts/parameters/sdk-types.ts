/**
 * `packages/sdk/src/generated/parameters.ts`: the options object of every
 * operation whose query parameters are all optional, as named interfaces
 * (`ListShipmentsParams<F>`, `ListShipmentsFilter`), each member typed and
 * described by the spec. The resources extend them under their public names.
 */

import { SpecConventionError } from '../generate/spec.js';
import type { QueryRow } from '../generate-operations.js';
import {
  byPathKey,
  docLine,
  type OperationSurface,
  pascal,
  type SurfaceParameter,
} from './surface.js';

function memberType(surface: OperationSurface, parameter: SurfaceParameter): string {
  const { row, info } = parameter;
  const byType: Record<QueryRow['type'], string> = {
    include: `IncludeOf<'${surface.operationId}'>[]`,
    enum:
      info.schema === undefined
        ? (Array.isArray(row.values) ? row.values : []).map((v) => `'${v}'`).join(' | ')
        : `Schemas['${info.schema}']`,
    'date-time': 'DateTimeInput',
    boolean: 'boolean',
    integer: 'number',
    number: 'number',
    string: 'string',
  };
  return byType[row.type];
}

function member(name: string, description: string, type: string, indent: string): string {
  return `${docLine(description, indent)}${indent}${name}?: ${type};`;
}

/** The members of the filter (or of the options object), nested groups as `TimeRange`. */
function members(
  surface: OperationSurface,
  parameters: SurfaceParameter[],
  depth: number,
): string[] {
  const { leaves, groups } = byPathKey(parameters, depth);
  const lines = leaves.map((p) =>
    member(p.path[depth] ?? '', p.info.description, memberType(surface, p), '  '),
  );
  for (const [name, group] of groups) {
    const ends = group.map((p) => p.path[depth + 1]).sort();
    if (ends.join() !== 'end,start' || group.some((p) => p.row.type !== 'date-time')) {
      throw new SpecConventionError(
        `${surface.operationId}: a nested filter is a date-time range of [start] and [end]; ${name} is not.`,
      );
    }
    const what = group[0]?.info.description.replace(/ at or (after|before).*/, '') ?? '';
    lines.push(member(name, what === '' ? '' : `${what} within this range.`, 'TimeRange', '  '));
  }
  return lines;
}

function renderSurface(surface: OperationSurface): string {
  const name = pascal(surface.operationId);
  const filter = surface.parameters.filter((p) => p.path[0] === 'filter' && p.path.length > 1);
  const own = surface.parameters.filter((p) => !filter.includes(p));
  const blocks: string[] = [];
  const ownLines = members(surface, own, 0);
  if (filter.length > 0) {
    blocks.push(`/** Filters of \`${surface.call}\`, sent as \`filter[...]\`; an unknown one is an error, never dropped. */
export interface ${name}Filter {
${members(surface, filter, 1).join('\n')}
}`);
    ownLines.push(`  filter?: ${name}Filter;`);
  }
  const bases = surface.paged ? 'PageParams, CallOptions<F>' : 'CallOptions<F>';
  blocks.push(`/** Parameters of \`${surface.call}\` (\`${surface.operationId}\`). */
export interface ${name}Params<F extends ResponseFormat> extends ${bases} {${ownLines.length > 0 ? `\n${ownLines.join('\n')}\n` : ''}}`);
  return blocks.join('\n\n');
}

/** The text of `generated/parameters.ts`. */
export function renderSdkParameters(header: string, surfaces: readonly OperationSurface[]): string {
  return `${header}
import type { CallOptions } from '../core/api-client.js';
import type { DateTimeInput } from '../core/arguments.js';
import type { ResponseFormat } from '../core/format.js';
import type { IncludeOf, PageParams } from '../resources/shared.js';
import type { components } from './openapi.js';

type Schemas = components['schemas'];

/** A time range filter; either end may be left open. */
export interface TimeRange {
  start?: DateTimeInput;
  end?: DateTimeInput;
}

${surfaces.map(renderSurface).join('\n\n')}
`;
}
