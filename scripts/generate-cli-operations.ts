/**
 * The CLI's commands that are one SDK call each
 * (`packages/cli/src/generated/operations.ts`), and the command table of
 * `packages/cli/README.md` (between its generated markers).
 *
 * An operation becomes a generated command when its SDK method takes only
 * its path arguments and an options object: no required body, no required
 * query parameter, not listed in `CLI_HAND_WRITTEN`, and not a call through a method taking an
 * argument (`shipments.customFields(id)`). Its options and their mapping
 * onto SDK arguments are the generated ones (`generated/options.ts`); its
 * verb, summary, example and argument come from the spec unless
 * `COMMANDS` (`parameters/cli-overrides.ts`) says otherwise. A `DELETE`
 * (no query parameters) sends only the signal and prints what it deleted,
 * `{ id, deleted: true }`. Every other
 * command is written by hand in `packages/cli/src/commands/operations/`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type GeneratedFile,
  isJson,
  type Json,
  oneLine,
  operationsOf,
  SpecConventionError,
} from './generate/spec.js';
import { replaceBetween } from './generate-method-lists.js';
import type { OperationRow } from './generate-operations.js';
import { generatedMethods, kebab } from './generate-resources.js';
import {
  CLI_EXTRA_VERBS,
  CLI_GROUP_DOCS,
  CLI_HAND_WRITTEN,
  COMMANDS,
  RECORD_GROUPS,
} from './parameters/cli-overrides.js';
import { constant, surfaceOf } from './parameters/surface.js';

/** One generated command. */
interface Command {
  call: string;
  list: boolean;
  /** A `DELETE`: prints `{ id, deleted: true }`. */
  delete: boolean;
  group: string;
  verb: string;
  summary: string;
  example: string;
  /** The source of its `args`, when it takes its record's id. */
  args?: string;
  /** The generated options and mapping, when the operation has query parameters. */
  options?: { constant: string; mapping: string };
  tableIncludes?: readonly string[];
  bare?: true;
}

/** `trackingRequests` -> `tracking-requests`; `customFieldDefinitions.options` -> `custom-field-definitions options`. */
function cliGroup(sdkGroup: string): string {
  return sdkGroup.split('.').map(kebab).join(' ');
}

/** The command's verb: the override, or the method's name in kebab case. */
export function verbOf(call: string): string {
  return COMMANDS[call]?.verb ?? kebab(call.slice(call.lastIndexOf('.') + 1));
}

/** The `args` of a command about one record: by id or number for the records the SDK resolves, else by id. */
function argsOf(row: OperationRow, sdkGroup: string): string | undefined {
  if (row.pathParameters.length === 0) return undefined;
  const [[name, description] = ['', '']] = row.pathParameters;
  if (row.pathParameters.length > 1 || name !== 'id') {
    throw new SpecConventionError(
      `${row.call} takes path parameters ${row.pathParameters.map(([n]) => n).join(', ')}; the generated CLI command takes one \`id\`. Write its command by hand and list it in CLI_HAND_WRITTEN (scripts/parameters/cli-overrides.ts).`,
    );
  }
  const override = COMMANDS[row.call]?.argument;
  const named = override === undefined ? undefined : /^the (.+)'s id$/.exec(override)?.[1];
  if (named !== undefined) return `id(${JSON.stringify(named)})`;
  if (override !== undefined) return `[{ name: 'id', description: ${JSON.stringify(override)} }]`;
  const kind = RECORD_GROUPS[sdkGroup];
  if (kind !== undefined) return `idOrNumber('${kind}')`;
  const noun = /^the (.+?)'s identifier/.exec(description)?.[1];
  if (noun === undefined) {
    throw new SpecConventionError(
      `${row.call}: the description of {id} ("${description}") does not start "the <record>'s identifier"; give the argument's description in COMMANDS (scripts/parameters/cli-overrides.ts).`,
    );
  }
  return `id('${noun}')`;
}

/** Whether the CLI's command for an operation is generated. */
function isGenerated(row: OperationRow, operation: Json): boolean {
  const body = isJson(operation.requestBody) ? operation.requestBody : undefined;
  return (
    row.call.includes('.') &&
    !row.call.includes('()') &&
    !(row.call in CLI_HAND_WRITTEN) &&
    (row.method !== 'DELETE' || row.query.length === 0) &&
    body?.required !== true &&
    !row.query.some(([, query]) => query.required)
  );
}

/** Every generated command, in spec order. */
function commands(document: Json, rows: readonly OperationRow[]): Command[] {
  const stale = [...Object.keys(CLI_HAND_WRITTEN), ...Object.keys(COMMANDS)].filter(
    (call) => !rows.some((row) => row.call === call),
  );
  if (stale.length > 0) {
    throw new SpecConventionError(
      `scripts/parameters/cli-overrides.ts names ${stale.join(', ')}, which no operation's x-sdk-call sends; remove it.`,
    );
  }
  const byId = new Map(rows.map((row) => [row.operationId, row]));
  // A list command is a paged SDK list (a PagePromise); an unpaginated list prints as one result.
  const lists = new Set(
    generatedMethods(document, rows).flatMap((m) => (m.kind === 'list' ? [m.call] : [])),
  );
  const found: Command[] = [];
  for (const { operation } of operationsOf(document)) {
    const row = byId.get(String(operation.operationId));
    if (row === undefined || !isGenerated(row, operation)) continue;
    const sdkGroup = row.call.slice(0, row.call.lastIndexOf('.'));
    const group = cliGroup(sdkGroup);
    const verb = verbOf(row.call);
    const args = argsOf(row, sdkGroup);
    const override = COMMANDS[row.call] ?? {};
    const surface = surfaceOf(row);
    found.push({
      call: row.call,
      list: lists.has(row.call),
      delete: row.method === 'DELETE',
      group,
      verb,
      summary: override.summary ?? oneLine(operation.summary),
      example: override.example ?? `shiptrack ${group} ${verb}${args === undefined ? '' : ' <id>'}`,
      args,
      // `generated/options.ts` writes options for the parameters beyond the page only.
      options:
        surface === undefined || surface.parameters.length === 0
          ? undefined
          : {
              constant: `${constant(row.operationId)}_OPTIONS`,
              mapping: `${row.operationId}Arguments`,
            },
      tableIncludes: override.tableIncludes,
      bare: override.bare,
    });
  }
  return found;
}

function renderCommand(command: Command): string {
  const lines = [
    `group: ${JSON.stringify(command.group).replaceAll('"', "'")}`,
    `verb: '${command.verb}'`,
    `summary: ${JSON.stringify(command.summary)}`,
    `example: ${JSON.stringify(command.example)}`,
  ];
  if (command.args !== undefined) lines.push(`args: ${command.args}`);
  if (command.options !== undefined) lines.push(`options: ${command.options.constant}`);
  if (command.tableIncludes !== undefined) {
    lines.push(`tableIncludes: [${command.tableIncludes.map((t) => `'${t}'`).join(', ')}]`);
  }
  if (command.bare) lines.push('bare: true');
  const a = command.args === undefined ? '_args' : 'a';
  const o = command.options === undefined ? '_o' : 'o';
  if (command.delete) {
    lines.push(`run: async (client, a, _o, call) => {
      await client.${command.call}(a.id, { signal: call.signal });
      return { id: a.id, deleted: true };
    }`);
    return `  one({\n${lines.map((l) => `    ${l},`).join('\n')}\n  }),`;
  }
  const positional = command.args === undefined ? '' : 'a.id, ';
  const options =
    command.options === undefined ? 'call' : `{ ...call, ...${command.options.mapping}(o) }`;
  lines.push(`run: (client, ${a}, ${o}, call) => client.${command.call}(${positional}${options})`);
  return `  ${command.list ? 'list' : 'one'}({\n${lines.map((l) => `    ${l},`).join('\n')}\n  }),`;
}

function renderOperations(header: string, found: readonly Command[]): string {
  const generated = found.flatMap((c) =>
    c.options ? [c.options.constant, c.options.mapping] : [],
  );
  const values = [
    ...(found.some((c) => c.args?.startsWith('id(')) ? ['id'] : []),
    ...(found.some((c) => c.args?.startsWith('idOrNumber(')) ? ['idOrNumber'] : []),
  ];
  const helpers = [
    ...(found.some((c) => c.list) ? ['list'] : []),
    'type Operation',
    ...(found.some((c) => !c.list) ? ['one'] : []),
  ];
  return `${header}
import { ${helpers.join(', ')} } from '../commands/operation.js';
import { ${values.join(', ')} } from '../commands/operations/values.js';
import {
${[...new Set(generated)]
  .sort((x, y) => x.localeCompare(y))
  .map((name) => `  ${name},`)
  .join('\n')}
} from './options.js';

/**
 * The commands that are one SDK call each, in spec order (\`scripts/generate-cli-operations.ts\`);
 * those that do more are in \`commands/operations/\`.
 */
export const GENERATED_OPERATIONS: readonly Operation[] = [
${found.map(renderCommand).join('\n')}
];
`;
}

const BEGIN = '<!-- generated by `pnpm generate` from spec/openapi.yaml: the commands -->';
const END = '<!-- end of the generated commands -->';

/** The README's command table: per CLI group, every verb (operations in spec order, then the extra ones). */
function commandTable(rows: readonly OperationRow[]): string {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.call.includes('.') || row.call.includes('()')) continue;
    const group = cliGroup(row.call.slice(0, row.call.lastIndexOf('.')));
    const verbs = groups.get(group) ?? [];
    // Two operations may be one command (`vessels future-positions`, with or without a position).
    if (!verbs.includes(verbOf(row.call))) verbs.push(verbOf(row.call));
    groups.set(group, verbs);
  }
  for (const [group, verbs] of Object.entries(CLI_EXTRA_VERBS)) {
    const known = groups.get(group);
    if (known === undefined) {
      throw new SpecConventionError(
        `CLI_EXTRA_VERBS names group ${group}, which has no operation.`,
      );
    }
    known.push(...verbs);
  }
  const lines = [...groups].map(([group, verbs]) => {
    const doc = CLI_GROUP_DOCS[group];
    if (doc === undefined) {
      throw new SpecConventionError(
        `The CLI group ${group} has no description in CLI_GROUP_DOCS (scripts/parameters/cli-overrides.ts); add one.`,
      );
    }
    return `| \`${group} ${verbs.join('\\|')}\` | ${doc} |`;
  });
  return ['| command | what it does |', '|---|---|', ...lines].join('\n');
}

/** The generated CLI commands and the README's command table. */
export function cliOperationFiles(
  document: Json,
  rows: readonly OperationRow[],
  header: string,
  repoRoot: string,
): GeneratedFile[] {
  const readme = 'packages/cli/README.md';
  return [
    {
      path: 'packages/cli/src/generated/operations.ts',
      contents: renderOperations(header, commands(document, rows)),
    },
    {
      path: readme,
      contents: replaceBetween(
        readFileSync(resolve(repoRoot, readme), 'utf8'),
        BEGIN,
        END,
        commandTable(rows),
        readme,
      ),
    },
  ];
}
