/**
 * The spec document the spec check reads (generated from
 * `spec/openapi.yaml` into `generated/openapi-document.ts`, parsed once),
 * and how it finds in it an operation's request body and documented
 * answers by JSON Pointer, following the OpenAPI `$ref`s on the way.
 */
import { type OperationId, operations } from '../engine/operations.js';
import { OPENAPI_DOCUMENT_JSON } from '../generated/openapi-document.js';

/** A JSON object of the spec. */
export type SpecObject = Record<string, unknown>;

/** An object of the spec with the JSON Pointer it was found at. */
export interface Located {
  readonly pointer: string;
  readonly value: SpecObject;
}

function isSpecObject(value: unknown): value is SpecObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON Pointer segment (RFC 6901). */
export function escapeSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The parsed spec (its schemas, without prose). ajv's `discriminator`
 * keyword refuses `mapping` (it reads each branch's `type` value instead,
 * which says the same; the mapping is for type generators), so it is left
 * out as the text is parsed.
 */
export function specDocument(): SpecObject {
  const parsed: unknown = JSON.parse(OPENAPI_DOCUMENT_JSON, (key, node: unknown) => {
    if (key !== 'discriminator' || !isSpecObject(node)) return node;
    const { mapping: _mapping, ...rest } = node;
    return rest;
  });
  if (!isSpecObject(parsed)) throw new Error('The generated spec document is not an object.');
  return parsed;
}

function valueAt(document: SpecObject, pointer: string): unknown {
  let current: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    if (!isSpecObject(current)) return undefined;
    current = current[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return current;
}

/** Follows local `$ref`s from `located` to the object they name. */
function follow(document: SpecObject, located: Located): Located {
  let current = located;
  for (let depth = 0; depth < 16; depth += 1) {
    const ref = current.value.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current;
    const target = valueAt(document, ref.slice(1));
    if (!isSpecObject(target)) return current;
    current = { pointer: ref.slice(1), value: target };
  }
  return current;
}

/** The member `key` of a located object, its `$ref`s followed; `undefined` when absent. */
function child(document: SpecObject, owner: Located, key: string): Located | undefined {
  const value = owner.value[key];
  if (!isSpecObject(value)) return undefined;
  return follow(document, { pointer: `${owner.pointer}/${escapeSegment(key)}`, value });
}

/** An operation of the spec, by its id in the generated table. */
export function operationOf(document: SpecObject, id: OperationId): Located {
  const { method, path } = operations[id];
  const pointer = `/paths/${escapeSegment(path)}/${method.toLowerCase()}`;
  const value = valueAt(document, pointer);
  if (!isSpecObject(value)) throw new Error(`spec/openapi.yaml has no operation at ${pointer}.`);
  return { pointer, value };
}

/** The media types an owner (request body or response) documents: name to its located object. */
function mediaTypes(document: SpecObject, owner: Located): Map<string, Located> {
  const content = child(document, owner, 'content');
  const found = new Map<string, Located>();
  if (content === undefined) return found;
  for (const name of Object.keys(content.value)) {
    const media = child(document, content, name);
    if (media !== undefined) found.set(name.toLowerCase(), media);
  }
  return found;
}

/** What an operation documents for a status: its media types (none for a body-less answer). */
export interface DocumentedAnswer {
  /** The key it was found under: the status, `4XX`-style, or `default`. */
  readonly key: string;
  readonly media: Map<string, Located>;
}

/** The answer an operation documents for `status` (exact, then `NXX`, then `default`). */
export function documentedAnswer(
  document: SpecObject,
  operation: Located,
  status: number,
): DocumentedAnswer | undefined {
  const responses = child(document, operation, 'responses');
  if (responses === undefined) return undefined;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, 'default']) {
    const response = child(document, responses, key);
    if (response !== undefined) return { key, media: mediaTypes(document, response) };
  }
  return undefined;
}

/** The statuses an operation documents, for messages (`200, 400, 5XX`). */
export function documentedStatuses(document: SpecObject, operation: Located): string[] {
  const responses = child(document, operation, 'responses');
  return responses === undefined ? [] : Object.keys(responses.value);
}

/** An operation's request body: whether it is required and its media types; `undefined` when it takes none. */
export function documentedRequestBody(
  document: SpecObject,
  operation: Located,
): { required: boolean; media: Map<string, Located> } | undefined {
  const body = child(document, operation, 'requestBody');
  if (body === undefined) return undefined;
  return { required: body.value.required === true, media: mediaTypes(document, body) };
}
