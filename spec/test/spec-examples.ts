/**
 * Collects every example of the OpenAPI document together with the JSON
 * Pointer of the schema it illustrates, so a test can validate each one.
 */
import {
  child,
  escapePointerSegment,
  followRefs,
  isSpecObject,
  type Located,
  type SpecObject,
} from '../../test-support/spec-document.js';

/** One example and the schema it must satisfy. */
export interface CollectedExample {
  /** Human-readable place, e.g. `GET /shipments 200 application/vnd.api+json: ShipmentList`. */
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** A media type object that has a schema, and where it sits. */
export interface CollectedMediaType {
  where: string;
  section: 'paths' | 'webhooks';
  /** `request`, `response` (2XX), or `error` (any other response). */
  kind: 'request' | 'response' | 'error';
  media: Located;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Lists every media type with a schema under `paths` and `webhooks`, following `$ref`s. */
export function collectMediaTypes(document: SpecObject): CollectedMediaType[] {
  const found: CollectedMediaType[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    const items = child(document, { pointer: '', value: document }, section);
    if (!items) continue;
    for (const [name, item] of Object.entries(items.value)) {
      if (!isSpecObject(item)) continue;
      const itemLocated = {
        pointer: `${items.pointer}/${escapePointerSegment(name)}`,
        value: item,
      };
      for (const method of HTTP_METHODS) {
        const operation = child(document, itemLocated, method);
        if (!operation) continue;
        const label = `${method.toUpperCase()} ${name}`;
        const requestBody = child(document, operation, 'requestBody');
        if (requestBody)
          found.push(...mediaOf(document, requestBody, `${label} request`, 'request', section));
        const responses = child(document, operation, 'responses');
        for (const status of Object.keys(responses?.value ?? {})) {
          const response = responses && child(document, responses, status);
          if (!response) continue;
          const kind = status.startsWith('2') ? 'response' : 'error';
          found.push(...mediaOf(document, response, `${label} ${status}`, kind, section));
        }
      }
    }
  }
  return found;
}

function mediaOf(
  document: SpecObject,
  owner: Located,
  label: string,
  kind: CollectedMediaType['kind'],
  section: CollectedMediaType['section'],
): CollectedMediaType[] {
  const content = child(document, owner, 'content');
  if (!content) return [];
  return Object.keys(content.value).flatMap((type) => {
    const media = child(document, content, type);
    return media && isSpecObject(media.value.schema)
      ? [{ where: `${label} ${type}`, section, kind, media }]
      : [];
  });
}

/** Returns the examples (`example` and each entry of `examples`) of one media type. */
export function examplesOf(document: SpecObject, media: CollectedMediaType): CollectedExample[] {
  const schemaPointer = `${media.media.pointer}/schema`;
  const found: CollectedExample[] = [];
  if ('example' in media.media.value) {
    found.push({
      where: `${media.where}: example`,
      schemaPointer,
      value: media.media.value.example,
    });
  }
  const examples = child(document, media.media, 'examples');
  for (const name of Object.keys(examples?.value ?? {})) {
    const example = examples && child(document, examples, name);
    if (example) {
      found.push({ where: `${media.where}: ${name}`, schemaPointer, value: example.value.value });
    }
  }
  return found;
}

/** Lists the `examples` keywords found inside component schemas, each with its schema's pointer. */
export function collectSchemaExamples(document: SpecObject): CollectedExample[] {
  const found: CollectedExample[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${pointer}/${i}`);
      return;
    }
    if (!isSpecObject(value)) return;
    if (Array.isArray(value.examples) && typeof value.$ref !== 'string') {
      for (const [i, example] of value.examples.entries()) {
        found.push({ where: `${pointer} examples[${i}]`, schemaPointer: pointer, value: example });
      }
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key !== 'examples' && key !== 'example')
        visit(inner, `${pointer}/${escapePointerSegment(key)}`);
    }
  };
  const schemas = followRefs(document, { pointer: '', value: document }).value.components;
  if (isSpecObject(schemas)) visit(schemas.schemas, '/components/schemas');
  return found;
}
