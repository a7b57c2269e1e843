/** Custom fields: their definitions and options, their values, and parties. */
import type {
  CustomFieldDefinitionSentMembers,
  CustomFieldOptionSentMembers,
  CustomFieldSentMembers,
} from '../generated/mapped-members.js';
import type { components } from '../generated/openapi.js';
import type { MappedResourceBase } from './common.js';
import type { OpenEnum } from './enums.js';

type Schemas = components['schemas'];

/** The kind of record a custom field belongs to (`Shipment`, `Container`, `TrackingRequest`). */
export type CustomFieldEntityType = Schemas['CustomFieldEntityType'];

/** The data type of a custom field: what its values may be. */
export type CustomFieldDataType = Schemas['CustomFieldDataType'];

/** The value of a custom field by its definition's data type. */
export interface CustomFieldValueByDataType {
  short_text: string;
  number: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** ISO 8601 date-time. */
  datetime: string;
  boolean: boolean;
  /** The `value` of one of the definition's options. */
  enum: string;
  /** The `value`s of some of the definition's options. */
  enum_multi: string[];
  /** The id of the record it refers to. */
  reference: string;
}

/**
 * A custom field value: typed by the data type `D` where it is known
 * (`CustomFieldValue<'number'>` is `number | null`), otherwise any value a
 * custom field can hold. `null` clears it.
 */
export type CustomFieldValue<D extends string = string> = D extends keyof CustomFieldValueByDataType
  ? CustomFieldValueByDataType[D] | null
  : string | number | boolean | string[] | null;

/** A custom field of an entity type: its slug, name and data type. */
export interface MappedCustomFieldDefinition
  extends MappedResourceBase,
    CustomFieldDefinitionSentMembers {
  type: 'custom_field_definition';
  entityType: OpenEnum<CustomFieldEntityType> | null;
  /** How values name the field (`po_number`). */
  apiSlug: string | null;
  displayName: string | null;
  dataType: OpenEnum<CustomFieldDataType> | null;
  defaultValue?: CustomFieldValue;
}

/** One choice of an `enum` or `enum_multi` custom field. */
export interface MappedCustomFieldOption extends MappedResourceBase, CustomFieldOptionSentMembers {
  type: 'custom_field_option';
  label: string | null;
  /** What a value stores. */
  value: string | null;
}

/** The value of one custom field on one shipment, container or tracking request. */
export interface MappedCustomField extends MappedResourceBase, CustomFieldSentMembers {
  type: 'custom_field';
  apiSlug: string | null;
  /** As sent: its type follows the definition's data type. */
  value: CustomFieldValue;
  /** The value as the service shows it (an option's label, a formatted date). */
  displayValue: string | null;
}

/** A company that takes part in shipments (a shipper, a consignee, a notify party). */
export interface MappedParty extends MappedResourceBase {
  type: 'party';
  companyName: string | null;
}
