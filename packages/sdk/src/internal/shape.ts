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

/** What a JSON value is, in words (never the value itself). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The mapped model of a document's single primary resource, checked to be a record first. */
export function mapPrimary(document: JsonApiDocument): unknown {
  const sent: unknown = document.data;
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
    throw new ShiptrackError(
      `Expected one resource in \`data\` but the service sent ${sent === undefined ? 'none' : kindOf(sent)}. Report this response to the service provider.`,
    );
  }
  return resolveDocument(document, MAPPED).data;
}

/**
 * A list document's primary resources, each checked to be a record (a JSON
 * object): an answer whose `data` holds arrays or scalars is an error, never
 * a list of empty records. No `data` (or `null`) is an empty list.
 */
function listData(document: JsonApiDocument): ResourceObject[] {
  const { data } = document;
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data)) {
    throw new ShiptrackError(
      `Expected a list of resources in \`data\` but the service sent ${kindOf(data)}. Report this response to the service provider.`,
    );
  }
  // The type says resource objects; the service's answer is checked here, not assumed.
  const items: unknown[] = data;
  const wrong = items.findIndex(
    (item) => typeof item !== 'object' || item === null || Array.isArray(item),
  );
  if (wrong >= 0) {
    throw new ShiptrackError(
      `Expected records (resource objects) in \`data\` but item ${wrong + 1} of ${items.length} is ${kindOf(items[wrong])}, not a record. Report this response to the service provider.`,
    );
  }
  return data;
}

/** The mapped models of a document's primary resources (resolved against its `included`). */
export function mapAll(document: JsonApiDocument): unknown[] {
  if (listData(document).length === 0) return [];
  const { data } = resolveDocument(document, MAPPED);
  return Array.isArray(data) ? data : [];
}

/**
 * The items of a list page in the requested format: raw resources, mapped
 * models, or `{ raw, mapped }` pairs. Nothing is resolved for `raw`.
 */
export function formattedItems(format: ResponseFormat, document: JsonApiDocument): unknown[] {
  const raws = listData(document);
  if (format === 'raw') return raws;
  const mapped = mapAll(document);
  return format === 'mapped' ? mapped : raws.map((raw, i) => ({ raw, mapped: mapped[i] }));
}
