/**
 * The parameter surface of the spec: per operation, the query parameters a
 * caller passes in one options object (every one optional), each with its
 * wire name, the SDK's argument path (`filter[created_at][start]` is
 * `filter.createdAt.start`, by the SDK's own rule), its facts and its
 * description. The SDK's parameter types, the CLI's options and the mock's
 * query readers are all rendered from it, so the three cannot drift.
 */
import { argumentPathOf } from '../../packages/sdk/src/core/call-arguments.js';
import type { OperationRow, QueryInfo, QueryRow } from '../generate-operations.js';

/** One query parameter of an operation's surface. */
export interface SurfaceParameter {
  /** The wire name: `filter[port]`. */
  wire: string;
  /** The SDK's argument path: `['filter', 'port']`. */
  path: string[];
  row: QueryRow;
  info: QueryInfo;
}

/** The parameters of one operation that an options object carries. */
export interface OperationSurface {
  operationId: string;
  /** The SDK method that sends it (`shipments.list`). */
  call: string;
  /** Whether it takes `page[number]` and `page[size]` (the SDK's `PageParams`). */
  paged: boolean;
  /** Its other query parameters, in spec order. */
  parameters: SurfaceParameter[];
}

const PAGE = ['page[number]', 'page[size]'];

/**
 * The surface of an operation; `undefined` when it takes no query
 * parameters, or a required one (a method argument, written by hand).
 */
export function surfaceOf(op: OperationRow): OperationSurface | undefined {
  if (op.query.length === 0 || op.query.some(([, row]) => row.required)) return undefined;
  const parameters = op.query
    .filter(([wire]) => !PAGE.includes(wire))
    .map(([wire, row, info]) => ({ wire, path: argumentPathOf(wire), row, info }));
  const paged = op.query.some(([wire]) => wire === 'page[number]');
  return { operationId: op.operationId, call: op.call, paged, parameters };
}

/** `listShipments` -> `ListShipments`. */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `listShipments` -> `LIST_SHIPMENTS`. */
export function constant(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** A filter's flat name, its argument path without `filter`: `filter.createdAt.start` -> `createdAtStart`. */
export function flatName(path: readonly string[]): string {
  const [first = '', ...rest] = path[0] === 'filter' && path.length > 1 ? path.slice(1) : path;
  return first + rest.map(pascal).join('');
}

/** A description fit for a doc comment. */
export function docText(description: string): string {
  return description.replaceAll('*/', '* /');
}

/** A doc comment line for a description at `indent`, or nothing when it is empty. */
export function docLine(description: string, indent: string): string {
  return description === '' ? '' : `${indent}/** ${docText(description)} */\n`;
}

/** The parameters whose argument path ends at `depth`, and the others grouped by their key there. */
export function byPathKey(parameters: readonly SurfaceParameter[], depth: number) {
  const leaves: SurfaceParameter[] = [];
  const groups = new Map<string, SurfaceParameter[]>();
  for (const parameter of parameters) {
    const key = parameter.path[depth] ?? '';
    if (parameter.path.length === depth + 1) leaves.push(parameter);
    else groups.set(key, [...(groups.get(key) ?? []), parameter]);
  }
  return { leaves, groups };
}

/** The import line of the SDK's `*_VALUES` lists that surfaces' enumerations draw on; `''` when none. */
export function specImport(surfaces: readonly OperationSurface[]): string {
  const rows = surfaces.flatMap((surface) => surface.parameters.map(({ row }) => row));
  const lists = valueLists(rows.filter((row) => row.type === 'enum'));
  return lists.length > 0 ? `import { ${lists.join(', ')} } from '@shiptrack/sdk/spec';\n` : '';
}

/** The functions some generated calls name (`oneOf(...)` -> `oneOf`), sorted and each once. */
export function calleesOf(calls: readonly string[]): string {
  return [...new Set(calls.map((call) => call.slice(0, call.indexOf('('))))].sort().join(', ');
}

/** The names of the generated `*_VALUES` lists an enumeration draws on, or its inline values. */
export function enumSource(row: QueryRow): string {
  const { values } = row;
  if (values === undefined) return '[]';
  if (Array.isArray(values)) return JSON.stringify(values);
  const [only] = values.lists;
  return values.lists.length === 1 && only !== undefined
    ? only
    : `[${values.lists.map((list) => `...${list}`).join(', ')}]`;
}

/** The generated `*_VALUES` lists some rows draw on, sorted, for an import line. */
export function valueLists(rows: readonly QueryRow[]): string[] {
  const lists = rows.flatMap((row) =>
    row.values && !Array.isArray(row.values) ? row.values.lists : [],
  );
  return [...new Set(lists)].sort();
}
