import { ShiptrackError } from '../core/errors.js';
import { type Formatted, formatResult, type ResponseFormat } from '../core/format.js';
import { type ResolvedResource, resolveDocument } from '../jsonapi/resolve.js';
import type { JsonApiDocument, ResourceObject } from '../jsonapi/types.js';
import { MAPPED_SHAPES } from '../mapped/shapes.js';

/** Resolution with the mapped shapes: the resolved nodes are the mapped models. */
const MAPPED = { shapes: MAPPED_SHAPES };

function primary(document: JsonApiDocument): ResolvedResource {
  const { data } = resolveDocument(document, MAPPED);
  if (!data || Array.isArray(data)) {
    throw new ShiptrackError(
      'Expected one resource in `data` but the service sent none or a list. Report this response to the service provider.',
    );
  }
  return data;
}

/**
 * The mapped model of type `T` of a node resolved here: resolution with the
 * mapped shapes already built it (`mapContainer` and its siblings rebuild
 * nodes resolved without them), so this only names its type.
 */
export function asMapped<T>(node: ResolvedResource): T {
  // Safe: each type's shape set every member the schema of T requires; tests parse every mapped result with the zod schemas.
  return node as T;
}

/** Shapes a single-resource document for the requested format. */
export function shapeOne<F extends ResponseFormat, Doc extends JsonApiDocument, Mapped>(
  format: F,
  document: Doc,
  map: (node: ResolvedResource) => Mapped,
): Formatted<F, Doc, Mapped> {
  return formatResult(format, document, (raw) => map(primary(raw)));
}

/**
 * Shapes the items of a list document for the requested format: raw
 * resources, mapped models (resolved against the page's `included`), or
 * `{ raw, mapped }` pairs. Nothing is resolved for `raw`.
 */
export function shapeList<
  F extends ResponseFormat,
  Item extends ResourceObject,
  Doc extends JsonApiDocument & { data: Item[] },
  Mapped,
>(format: F, document: Doc, map: (node: ResolvedResource) => Mapped): Formatted<F, Item, Mapped>[] {
  // Safe: in the raw format each item is returned as it came, which is what Formatted<'raw', Item> is.
  if (format === 'raw') return document.data as Formatted<F, Item, Mapped>[];
  const { data } = resolveDocument(document, MAPPED);
  const nodes = Array.isArray(data) ? data : [];
  return document.data.map((item, index) => {
    const node = nodes[index];
    if (!node)
      throw new ShiptrackError(
        'A list item could not be resolved; this is a bug in @shiptrack/sdk.',
      );
    return formatResult(format, item, () => map(node));
  });
}

/** Maps every resource of a document's `data` array (for lists without pagination). */
export function mapAll<Mapped>(
  document: JsonApiDocument,
  map: (node: ResolvedResource) => Mapped,
): Mapped[] {
  const { data } = resolveDocument(document, MAPPED);
  return Array.isArray(data) ? data.map(map) : [];
}
