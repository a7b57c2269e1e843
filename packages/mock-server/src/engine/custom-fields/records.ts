/** The stored records of custom fields: definitions, their options and values on records. */
import type {
  CUSTOM_FIELD_DATA_TYPE_VALUES,
  CUSTOM_FIELD_ENTITY_TYPE_VALUES,
} from '@shiptrack/sdk/spec';
import type { JsonValue, Millis } from '../records.js';

/** The type of a custom field's values. */
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPE_VALUES)[number];
/** The kind of record a definition belongs to, as the wire names it (`Shipment`). */
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPE_VALUES)[number];
/** The JSON:API type of a record that holds values (`shipment`). */
export type CustomFieldEntity = 'shipment' | 'container' | 'tracking_request';

/** A custom field of an account. */
export interface CustomFieldDefinitionRecord {
  id: string;
  accountId: string;
  entityType: CustomFieldEntityType;
  apiSlug: string;
  displayName: string;
  description: string | null;
  dataType: CustomFieldDataType;
  referenceType: string | null;
  validation: Record<string, JsonValue> | null;
  defaultFormat: string | null;
  defaultValue: JsonValue;
  createdAt: Millis;
  updatedAt: Millis;
}

/** An allowed value of an `enum` or `enum_multi` field. */
export interface CustomFieldOptionRecord {
  id: string;
  accountId: string;
  definitionId: string;
  label: string;
  value: string;
  position: number | null;
  createdAt: Millis;
}

/** The value of one field on one record. */
export interface CustomFieldValueRecord {
  id: string;
  accountId: string;
  definitionId: string;
  entity: CustomFieldEntity;
  entityId: string;
  value: JsonValue;
  /** A number value's literal as the client wrote it (every digit), when it came in a body. */
  numberAsWritten: string | null;
}
