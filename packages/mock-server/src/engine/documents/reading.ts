/**
 * What the mock "reads" in a file: its type (classification) from the file
 * name and the words in it, and the numbers it mentions (extraction) from
 * the account's own shipments and containers, so a document about one of
 * them is linked to it as the service would link it.
 */
import type { JsonValue } from '../records.js';
import type { Store } from '../store.js';

/** One document type an account may use. */
export interface DocumentTypeInfo {
  readonly code: string;
  readonly label: string;
  /** Words that make a file this type (in its name or its text, case-insensitive). */
  readonly keywords: readonly string[];
}

/** The document types of every account, in the order `GET /documents/types` lists them. */
export const DOCUMENT_TYPES: readonly DocumentTypeInfo[] = [
  {
    code: 'bill_of_lading',
    label: 'Bill of lading',
    keywords: ['bill of lading', 'bl-', 'b/l', 'bol'],
  },
  { code: 'arrival_notice', label: 'Arrival notice', keywords: ['arrival notice', 'arrival'] },
  { code: 'commercial_invoice', label: 'Commercial invoice', keywords: ['invoice'] },
  { code: 'packing_list', label: 'Packing list', keywords: ['packing list', 'packing'] },
  { code: 'delivery_order', label: 'Delivery order', keywords: ['delivery order'] },
  { code: 'customs_entry', label: 'Customs entry', keywords: ['customs', 'entry summary'] },
  { code: 'other', label: 'Other', keywords: [] },
];

/** The most bytes of a file the mock reads when classifying and extracting. */
const READ_LIMIT_BYTES = 1024 * 1024;

/** The readable text of a file (its first megabyte, as UTF-8). */
export function textOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, READ_LIMIT_BYTES));
}

/** The type code of a file: the first type whose keyword is in its name, then in its text; else `other`. */
export function classify(fileName: string, text: string): string {
  const name = fileName.toLowerCase();
  const body = text.toLowerCase();
  const byName = DOCUMENT_TYPES.find((type) => type.keywords.some((word) => name.includes(word)));
  const byText = DOCUMENT_TYPES.find((type) => type.keywords.some((word) => body.includes(word)));
  return (byName ?? byText)?.code ?? 'other';
}

/** What extraction found: the numbers of the account's records that the text mentions. */
export interface ExtractedReferences {
  bill_of_lading_numbers: string[];
  container_numbers: string[];
  reference_numbers: string[];
}

/** The members of extracted data (and of `extracted_data_manual`), each an array of strings. */
export const EXTRACTED_DATA_MEMBERS: Readonly<Record<keyof ExtractedReferences, string>> = {
  bill_of_lading_numbers: 'Bills of lading the document mentions.',
  container_numbers: 'Container numbers the document mentions.',
  reference_numbers: 'Your reference numbers the document mentions.',
};

/** The account's bill of lading, container and reference numbers that occur in `text`. */
export function extractReferences(
  store: Store,
  accountId: string,
  text: string,
): ExtractedReferences {
  const upper = text.toUpperCase();
  const found = (numbers: Iterable<string>) =>
    [...new Set(numbers)].filter(
      (number) => number.length >= 4 && upper.includes(number.toUpperCase()),
    );
  const index = store.indexOf(accountId);
  const shipments = index.shipments.flatMap((id) => store.shipments.get(id) ?? []);
  const containers = index.containers.flatMap((id) => store.containers.get(id) ?? []);
  return {
    bill_of_lading_numbers: found(shipments.map((shipment) => shipment.billOfLadingNumber)),
    container_numbers: found(containers.map((container) => container.number)),
    reference_numbers: found([
      ...shipments.flatMap((shipment) => shipment.refNumbers),
      ...containers.flatMap((container) => container.refNumbers),
    ]),
  };
}

/**
 * The shipments and containers a document's data names (manual data wins
 * over extracted), with the containers of the shipments it names.
 */
export function linkedRecords(
  store: Store,
  accountId: string,
  data: Record<string, JsonValue> | null,
): { shipmentIds: string[]; containerIds: string[] } {
  const strings = (key: string) => {
    const value = data?.[key];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  };
  const bls = new Set(strings('bill_of_lading_numbers'));
  const boxes = new Set(strings('container_numbers'));
  const refs = new Set(strings('reference_numbers'));
  const index = store.indexOf(accountId);
  const containerIds = index.containers.filter((id) => {
    const container = store.containers.get(id);
    return (
      container !== undefined &&
      (boxes.has(container.number) || container.refNumbers.some((ref) => refs.has(ref)))
    );
  });
  const shipmentIds = index.shipments.filter((id) => {
    const shipment = store.shipments.get(id);
    if (shipment === undefined) return false;
    return (
      bls.has(shipment.billOfLadingNumber) ||
      shipment.refNumbers.some((ref) => refs.has(ref)) ||
      shipment.containerIds.some((containerId) => containerIds.includes(containerId))
    );
  });
  // A document about a shipment concerns every container on it.
  const onShipments = shipmentIds.flatMap((id) => store.shipments.get(id)?.containerIds ?? []);
  return { shipmentIds, containerIds: [...new Set([...containerIds, ...onShipments])] };
}

/** The current schema of each document type's extracted data (`GET /document_schemas/{id}`). */
export interface DocumentSchemaInfo {
  readonly id: string;
  readonly type: DocumentTypeInfo;
  readonly version: string;
}

const SCHEMA_VERSION = '1.0.0';

/** Every document schema, one current version per type; ids are `<type>-<version>`. */
export const DOCUMENT_SCHEMAS: readonly DocumentSchemaInfo[] = DOCUMENT_TYPES.map((type) => ({
  id: `${type.code}-${SCHEMA_VERSION}`,
  type,
  version: SCHEMA_VERSION,
}));

/** The JSON Schema every extraction of the mock follows. */
export function schemaPayload(type: DocumentTypeInfo): Record<string, JsonValue> {
  const properties: Record<string, JsonValue> = {};
  for (const [member, description] of Object.entries(EXTRACTED_DATA_MEMBERS)) {
    properties[member] = { type: 'array', items: { type: 'string' }, description };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: type.label,
    type: 'object',
    properties,
  };
}
