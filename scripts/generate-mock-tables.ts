/**
 * What `pnpm generate` writes for the mock server: the small tables it reads
 * from the spec, instead of the whole spec as JSON in its bundle.
 *
 * - `packages/mock-server/src/generated/query-parameters.ts`: the query
 *   parameter names of every operation (in spec order) and the values its
 *   `include` accepts, so the mock accepts exactly the parameters the spec
 *   documents.
 * - `packages/mock-server/src/generated/resource-types.ts`: the type name of
 *   every JSON:API resource the spec names (the `type` of one value of an
 *   object that requires `id` and `type`, in a resource object or a
 *   relationship), which the mock's resource registry reads.
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

/**
 * The single `type` value of a JSON:API resource object or identifier: an
 * object schema that requires both `id` and `type`, its `type` an enum of
 * one string. (GeoJSON features, the only other objects with a `type` of
 * one value, do not require an `id`.)
 */
function resourceTypeOf(schema: Json): string | undefined {
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties = isJson(schema.properties) ? schema.properties : {};
  const type = properties.type;
  if (!required.includes('id') || !required.includes('type') || !isJson(type)) return undefined;
  const values = type.enum;
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string'
    ? values[0]
    : undefined;
}

/** Every resource type named anywhere in the spec, sorted. */
function resourceTypesOf(document: Json): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isJson(value)) return;
    const type = resourceTypeOf(value);
    if (type !== undefined) found.add(type);
    for (const inner of Object.values(value)) visit(inner);
  };
  visit(document.paths);
  visit(document.components);
  return [...found].sort();
}

function renderResourceTypes(document: Json, header: string): string {
  const rows = resourceTypesOf(document).map((type) => `  '${type}',`);
  return `${header}
/**
 * The type name of every JSON:API resource of the spec: the \`type\` of one
 * value of each object that requires an \`id\` and a \`type\`, in resource
 * objects and in relationships alike.
 */
export const resourceTypes = [
${rows.join('\n')}
] as const;
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
      path: 'packages/mock-server/src/generated/resource-types.ts',
      contents: renderResourceTypes(document, header),
    },
    {
      path: 'packages/mock-server/src/generated/openapi-document.ts',
      contents: renderOpenApiDocument(document, header),
    },
  ];
}
