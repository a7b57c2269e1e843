/**
 * What `pnpm generate` writes for the mock server: the small tables it reads
 * from the spec, instead of the whole spec as JSON in its bundle.
 *
 * - `packages/mock-server/src/generated/query-parameters.ts`: the query
 *   parameter names of every operation (in spec order) and the values its
 *   `include` accepts, so the mock accepts exactly the parameters the spec
 *   documents.
 */

/** One generated file: where it goes and what it must contain. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Thrown when the spec breaks a convention the mock's tables rely on. */
class MockTableError extends Error {
  override readonly name = 'MockTableError';
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Follows a local `$ref` (`#/components/parameters/X`) of the spec. */
function resolve(document: Json, value: unknown): Json | undefined {
  if (!isJson(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  let target: unknown = document;
  for (const segment of ref.replace(/^#\//, '').split('/')) {
    target = isJson(target) ? target[segment] : undefined;
  }
  if (!isJson(target)) throw new MockTableError(`${ref} does not resolve in spec/openapi.yaml.`);
  return target;
}

function queryParameters(document: Json, list: unknown): Json[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((parameter) => resolve(document, parameter))
    .filter((parameter): parameter is Json => parameter?.in === 'query');
}

/** The values an `include` parameter accepts (its items' enum). */
function includeValues(document: Json, parameter: Json, where: string): string[] {
  const items = resolve(document, resolve(document, parameter.schema)?.items);
  const values = items?.enum;
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
    throw new MockTableError(`${where}: include needs an array schema whose items are an enum.`);
  }
  return values;
}

/** One row of the table: `operationId: { names: [...], include?: [...] },`. */
function row(document: Json, operationId: string, parameters: Json[], where: string): string {
  const names = parameters.map((parameter) => String(parameter.name));
  const include = parameters.find((parameter) => parameter.name === 'include');
  const members = [`names: ${JSON.stringify(names)}`];
  if (include !== undefined) {
    members.push(`include: ${JSON.stringify(includeValues(document, include, where))}`);
  }
  return `  ${operationId}: { ${members.join(', ')} },`;
}

function renderQueryParameters(document: Json, header: string): string {
  const rows: string[] = [];
  const paths = isJson(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
      const parameters = [
        ...queryParameters(document, item.parameters),
        ...queryParameters(document, operation.parameters),
      ];
      rows.push(
        row(document, operation.operationId, parameters, `${method.toUpperCase()} ${path}`),
      );
    }
  }
  return `${header}
/**
 * The query parameters of every REST operation: their names in spec order
 * and, when it takes \`include\`, the values \`include\` accepts.
 */
export const queryParameters = {
${rows.join('\n')}
} as const;
`;
}

/** The mock server's generated files, from the parsed spec. */
export function mockServerFiles(document: Json, header: string): GeneratedFile[] {
  return [
    {
      path: 'packages/mock-server/src/generated/query-parameters.ts',
      contents: renderQueryParameters(document, header),
    },
  ];
}
