/**
 * `packages/sdk/src/generated/operation-types.ts`: per operationId the
 * `include` values it accepts, its request body and its success document,
 * each as an indexed access into openapi-typescript's `operations`
 * (`Spec['getContainer']['responses'][200]['content'][...]`).
 *
 * The SDK's signatures read this table instead of deriving the same types
 * with conditional types over `paths` (through openapi-fetch's
 * `ParamsOption`): an indexed access costs a program almost nothing, and
 * the published declarations need neither openapi-fetch's types nor their
 * check. `packages/sdk/test/operation-types.test.ts` checks every row
 * against the operation that `paths[path][method]` names.
 */
import {
  entriesOf,
  type GeneratedFile,
  isJson,
  type Json,
  operationsOf,
  SpecConventionError,
} from './generate/spec.js';

/** The success statuses the SDK reads a body from (the others are errors or not in the spec). */
const SUCCESS = new Set(['200', '201', '202', '204']);

const quote = (key: string) => `'${key}'`;

/** The media types of a `content` object, or none. */
function mediaTypes(content: unknown): string[] {
  return entriesOf(content).map(([media]) => media);
}

/** Follows a `$ref` to `#/components/<kind>/<name>`, as request bodies and responses use them. */
function resolve(document: Json, value: unknown): Json | undefined {
  if (!isJson(value)) return undefined;
  if (typeof value.$ref !== 'string') return value;
  let target: unknown = document;
  for (const segment of value.$ref.replace(/^#\//, '').split('/')) {
    target = isJson(target) ? target[segment] : undefined;
  }
  if (!isJson(target)) {
    throw new SpecConventionError(`${value.$ref} does not resolve in spec/openapi.yaml.`);
  }
  return target;
}

/** The row of one operation: its `include` values, its body and its success document. */
function row(document: Json, id: string, operation: Json, parameters: Json[], where: string) {
  const spec = `Spec[${quote(id)}]`;
  const includes = parameters.some((p) => p.in === 'query' && p.name === 'include');
  const include = includes
    ? `NonNullable<NonNullable<${spec}['parameters']['query']>['include']>[number]`
    : 'never';

  const requestBody = resolve(document, operation.requestBody);
  const bodyMedia = requestBody ? mediaTypes(requestBody.content) : [];
  const bodyOf =
    requestBody?.required === true
      ? `${spec}['requestBody']`
      : `NonNullable<${spec}['requestBody']>`;
  const body =
    bodyMedia.length === 0
      ? 'never'
      : bodyMedia.map((media) => `${bodyOf}['content'][${quote(media)}]`).join(' | ');

  const outputs: string[] = [];
  for (const [status, response] of entriesOf(operation.responses)) {
    if (!status.startsWith('2')) continue;
    if (!SUCCESS.has(status)) {
      throw new SpecConventionError(
        `${where} answers ${status}; the SDK reads success bodies of ${[...SUCCESS].join(', ')} only. Use one of them in spec/openapi.yaml.`,
      );
    }
    const media = mediaTypes(resolve(document, response)?.content);
    if (media.length === 0) outputs.push('undefined');
    for (const type of media)
      outputs.push(`${spec}['responses'][${status}]['content'][${quote(type)}]`);
  }
  if (outputs.length === 0) {
    throw new SpecConventionError(`${where} documents no success response in spec/openapi.yaml.`);
  }
  return { include, body, output: [...new Set(outputs)].join(' | ') };
}

/** The generated table of every operation's types. */
export function operationTypeFiles(document: Json, header: string): GeneratedFile[] {
  const rows = operationsOf(document).map(({ operation, parameters, where }) => {
    const id = operation.operationId;
    if (typeof id !== 'string') {
      throw new SpecConventionError(`${where} has no operationId; add one in spec/openapi.yaml.`);
    }
    const { include, body, output } = row(document, id, operation, parameters, where);
    return `  /** \`${where}\` */
  ${id}: {
    include: ${include};
    body: ${body};
    output: ${output};
  };`;
  });
  const contents = `${header}
import type { operations as Spec } from './openapi.js';

/**
 * Per operationId, the types the SDK's signatures use: \`include\`, the
 * values its \`include\` accepts (\`never\` when it has none); \`body\`, its
 * request body (\`never\` when it takes none); \`output\`, the body of its
 * success answers (\`undefined\` for one without a body). Indexed accesses
 * into the spec's types, computed once here rather than by conditional
 * types over \`paths\` in every program that imports the SDK.
 */
export interface OperationTypes {
${rows.join('\n')}
}
`;
  return [{ path: 'packages/sdk/src/generated/operation-types.ts', contents }];
}
