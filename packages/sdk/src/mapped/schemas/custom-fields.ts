/** Schemas of custom field definitions, options, values and parties (`../custom-fields.ts`). */
import * as z from 'zod';
import {
  CUSTOM_FIELD_DATA_TYPE_VALUES,
  CUSTOM_FIELD_ENTITY_TYPE_VALUES,
} from '../../generated/enums.js';
import {
  customFieldDefinitionSentShape,
  customFieldOptionSentShape,
  customFieldSentShape,
} from '../../generated/mapped-shapes.js';
import type {
  MappedCustomField,
  MappedCustomFieldDefinition,
  MappedCustomFieldOption,
  MappedParty,
} from '../custom-fields.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  resourceSchema,
} from './common.js';

const valueSchema = () =>
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** Schema of {@link MappedCustomFieldDefinition}. */
export const MappedCustomFieldDefinitionSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('custom_field_definition', {
    entityType: built(openEnum(CUSTOM_FIELD_ENTITY_TYPE_VALUES)),
    apiSlug: built(z.string()),
    displayName: built(z.string()),
    dataType: built(openEnum(CUSTOM_FIELD_DATA_TYPE_VALUES)),
    ...customFieldDefinitionSentShape,
    defaultValue: valueSchema().optional(),
  }),
);

type _DefinitionAgrees = Assert<
  Agrees<MappedCustomFieldDefinition, typeof MappedCustomFieldDefinitionSchema>
>;

/** Schema of {@link MappedCustomFieldOption}. */
export const MappedCustomFieldOptionSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('custom_field_option', {
    label: built(z.string()),
    value: built(z.string()),
    ...customFieldOptionSentShape,
  }),
);

type _OptionAgrees = Assert<Agrees<MappedCustomFieldOption, typeof MappedCustomFieldOptionSchema>>;

/** Schema of {@link MappedCustomField}. */
export const MappedCustomFieldSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('custom_field', {
    apiSlug: built(z.string()),
    value: valueSchema(),
    displayValue: built(z.string()),
    ...customFieldSentShape,
  }),
);

type _FieldAgrees = Assert<Agrees<MappedCustomField, typeof MappedCustomFieldSchema>>;

/** Schema of {@link MappedParty}. */
export const MappedPartySchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('party', { companyName: built(z.string()) }),
);

type _PartyAgrees = Assert<Agrees<MappedParty, typeof MappedPartySchema>>;
