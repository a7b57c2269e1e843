/** Turns a document into the requested format: raw as received, mapped models, or both. */
import { ShiptrackError } from '../core/errors.js';
import type { ResponseFormat } from '../core/format.js';
import { resolveDocument } from '../jsonapi/resolve.js';
import type { JsonApiDocument, ResourceObject } from '../jsonapi/types.js';
import { MAPPED } from '../mapped/shapes.js';

/**
 * `raw`, `mapped` or `{ raw, mapped }`; the mapper runs only when the
 * mapped form is asked for, so `raw` costs nothing beyond JSON parsing.
 */
export function formatted<Raw, Mapped>(
  format: ResponseFormat,
  raw: Raw,
  map: (raw: Raw) => Mapped,
): unknown {
  if (format === 'raw') return raw;
  const mapped = map(raw);
  return format === 'mapped' ? mapped : { raw, mapped };
}

/** The mapped model of a document's single primary resource. */
export function mapPrimary(document: JsonApiDocument): unknown {
  const { data } = resolveDocument(document, MAPPED);
  if (!data || Array.isArray(data)) {
    throw new ShiptrackError(
      'Expected one resource in `data` but the service sent none or a list. Report this response to the service provider.',
    );
  }
  return data;
}

/** The mapped models of a document's primary resources (resolved against its `included`). */
export function mapAll(document: JsonApiDocument): unknown[] {
  const { data } = resolveDocument(document, MAPPED);
  return Array.isArray(data) ? data : [];
}

/**
 * The items of a list page in the requested format: raw resources, mapped
 * models, or `{ raw, mapped }` pairs. Nothing is resolved for `raw`.
 */
export function formattedItems(
  format: ResponseFormat,
  document: JsonApiDocument & { data: ResourceObject[] },
): unknown[] {
  if (format === 'raw') return document.data;
  const mapped = mapAll(document);
  return format === 'mapped' ? mapped : document.data.map((raw, i) => ({ raw, mapped: mapped[i] }));
}
