/**
 * What `pnpm generate` writes for the mock server: the small tables it reads
 * from the spec, instead of the whole spec as JSON in its bundle.
 *
 * - `packages/mock-server/src/generated/query-parameters.ts`: the query
 *   parameter names of every operation (in spec order) and the values its
 *   `include` accepts, so the mock accepts exactly the parameters the spec
 *   documents.
 * - `packages/mock-server/src/generated/openapi-document.ts`: the spec as
 *   JSON text without its prose, for the spec check that stubs and the
 *   validating proxy load on first use (its own file in the build, never in
 *   the mock's bundle).
 */

import {
  follow,
  type GeneratedFile,
  isJson,
  type Json,
  operationsOf,
  SpecConventionError,
} from './generate/spec.js';

/** The methods the mock serves, in its table's order. */
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The values an `include` parameter accepts (its items' enum). */
function includeValues(document: Json, parameter: Json, where: string): string[] {
  const items = follow(document, follow(document, parameter.schema)?.schema.items);
  const values = items?.schema.enum;
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
    throw new SpecConventionError(
      `${where}: include needs an array schema whose items are an enum.`,
    );
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
  const rows = operationsOf(document, METHODS).flatMap(({ operation, parameters, where }) => {
    if (typeof operation.operationId !== 'string') return [];
    const query = parameters.filter((parameter) => parameter.in === 'query');
    return [row(document, operation.operationId, query, where)];
  });
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

/** Prose keywords: annotations that no validation reads. */
const PROSE = new Set(['description', 'summary']);
const SAMPLES = new Set(['example', 'examples']);

/**
 * The spec without its prose: string `description`s and `summary`s, and
 * `example(s)` (except as property names, under `properties`). Every other
 * member stays where it was, so a JSON Pointer into the spec still points
 * at the same schema.
 */
function withoutProse(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item));
  if (!isJson(value)) return value;
  const kept: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    const isName = parentKey === 'properties';
    if (!isName && PROSE.has(key) && typeof inner === 'string') continue;
    if (!isName && SAMPLES.has(key)) continue;
    kept[key] = withoutProse(inner, key);
  }
  return kept;
}

function renderOpenApiDocument(document: Json, header: string): string {
  const json = JSON.stringify(withoutProse(document));
  return `${header}
/**
 * spec/openapi.yaml as JSON text, without its prose (descriptions,
 * summaries, examples): what the spec check of stubs and of the validating
 * proxy compiles its schemas from. Parsed on first use only.
 */
export const OPENAPI_DOCUMENT_JSON: string = ${JSON.stringify(json)};
`;
}

/** The mock server's generated files, from the parsed spec. */
export function mockServerFiles(document: Json, header: string): GeneratedFile[] {
  return [
    {
      path: 'packages/mock-server/src/generated/query-parameters.ts',
      contents: renderQueryParameters(document, header),
    },
    {
      path: 'packages/mock-server/src/generated/openapi-document.ts',
      contents: renderOpenApiDocument(document, header),
    },
  ];
}
