/**
 * `packages/mock-server/src/generated/queries.ts`: per operation of the
 * surface, the typed query the mock's route reads (`ListShipmentsQuery`) and
 * the function that reads and checks it (`readListShipmentsQuery`), each
 * parameter with the reader its schema calls for: a UN/LOCODE upper-cased
 * and checked, a date-time as epoch ms, a closed enumeration checked, free
 * text trimmed and upper-cased for case-insensitive matching, an id as sent.
 * `include` and pages are read by `parseInclude` and `parsePage`.
 */
import type { QueryRow } from '../generate-operations.js';
import {
  calleesOf,
  docLine,
  enumSource,
  flatName,
  type OperationSurface,
  pascal,
  type SurfaceParameter,
  specImport,
} from './surface.js';

/** Parameters matched exactly as sent rather than case-insensitively (besides ids). */
const EXACT = new Set(['number']);

/** The reader of a parameter and the type it returns. */
function reader(parameter: SurfaceParameter): { call: string; type: string } {
  const { row, info, wire } = parameter;
  const name = `'${wire}'`;
  const kinds: Record<
    Exclude<QueryRow['type'], 'include'>,
    () => { call: string; type: string }
  > = {
    boolean: () => ({ call: `booleanParameter(params, ${name})`, type: 'boolean' }),
    'date-time': () => ({ call: `timestampParameter(params, ${name})`, type: 'number' }),
    enum: () =>
      row.open
        ? { call: `textParameter(params, ${name})`, type: 'string' }
        : { call: `enumParameter(params, ${name}, ${enumSource(row)})`, type: enumType(row) },
    integer: () => unsupported(wire),
    number: () => unsupported(wire),
    string: () => {
      if (info.list) return { call: `listParameter(params, ${name})`, type: 'string[]' };
      if (info.schema === 'Locode')
        return { call: `locodeParameter(params, ${name})`, type: 'string' };
      if (info.schema === 'ResourceId' || EXACT.has(wire)) {
        return { call: `exactParameter(params, ${name})`, type: 'string' };
      }
      return { call: `textParameter(params, ${name})`, type: 'string' };
    },
  };
  if (row.type === 'include') throw new Error('include is read by parseInclude');
  return kinds[row.type]();
}

function unsupported(wire: string): never {
  throw new Error(
    `The mock has no reader for the optional number ${wire}: add one to packages/mock-server/src/http/query.ts and to scripts/parameters/mock-readers.ts.`,
  );
}

function enumType(row: QueryRow): string {
  const { values } = row;
  if (values === undefined) return 'never';
  if (Array.isArray(values)) return values.map((v) => `'${v}'`).join(' | ');
  return values.lists.map((list) => `(typeof ${list})[number]`).join(' | ');
}

function renderSurface(surface: OperationSurface, parameters: SurfaceParameter[]): string {
  const name = pascal(surface.operationId);
  const fields = parameters.map((p) => {
    return `${docLine(p.info.description, '  ')}  ${flatName(p.path)}: ${reader(p).type} | undefined;`;
  });
  const reads = parameters.map((p) => `    ${flatName(p.path)}: ${reader(p).call},`);
  return `/** The query of \`${surface.operationId}\` as its route reads it (\`include\` and pages aside). */
export interface ${name}Query {
${fields.join('\n')}
}

/** Reads the query of \`${surface.operationId}\`; a malformed value is a 400 naming its parameter. */
export function read${name}Query(params: URLSearchParams): ${name}Query {
  return {
${reads.join('\n')}
  };
}`;
}

/** The text of the mock's `generated/queries.ts`. */
export function renderMockQueries(header: string, all: readonly OperationSurface[]): string {
  const rows = all
    .map((surface) => ({
      surface,
      parameters: surface.parameters.filter((p) => p.row.type !== 'include'),
    }))
    .filter(({ parameters }) => parameters.length > 0);
  const blocks = rows.map(({ surface, parameters }) => renderSurface(surface, parameters));
  const readers = calleesOf(
    rows.flatMap(({ parameters }) => parameters.map((p) => reader(p).call)),
  );
  return `${header}
${specImport(rows.map(({ surface }) => surface))}import { ${readers} } from '../http/query.js';

${blocks.join('\n\n')}
`;
}
