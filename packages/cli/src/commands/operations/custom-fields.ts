import type { CustomFieldEntityKind, CustomFieldEntityType } from '@shiptrack/sdk';
import {
  CUSTOM_FIELD_DATA_TYPE_VALUES,
  CUSTOM_FIELD_ENTITY_TYPE_VALUES,
} from '@shiptrack/sdk/spec';
import {
  LIST_CUSTOM_FIELD_DEFINITIONS_OPTIONS,
  LIST_CUSTOM_FIELDS_OPTIONS,
  listCustomFieldDefinitionsArguments,
  listCustomFieldsArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { integer, jsonObject, oneOf, oneOfSpelled, required, text } from '../option-specs.js';
import { fieldValue } from './field-values.js';
import { id } from './values.js';

const DEFINITIONS = 'custom-field-definitions';
const OPTIONS = 'custom-field-definitions options';
/** The record kinds a definition is created for. */
const DEFINED_FOR = ['Shipment', 'Container'] as const;
/**
 * The record kinds: the service's filters spell them `Container`, its
 * bodies `container`; every `--entity-type` takes both.
 */
const KIND_SPELLINGS = [
  ['Shipment', 'shipment'],
  ['Container', 'container'],
  ['TrackingRequest', 'tracking_request'],
] as const satisfies readonly (readonly [CustomFieldEntityType, CustomFieldEntityKind])[];

/** A kind as the service's filters name it, however it was spelled; `only` narrows the kinds. */
function filterKind<const K extends CustomFieldEntityType>(
  description: string,
  only: readonly K[],
) {
  const spellings: Record<string, K> = {};
  for (const [named, kind] of KIND_SPELLINGS) {
    const allowed = only.find((k) => k === named);
    if (allowed !== undefined) {
      spellings[named] = allowed;
      spellings[kind] = allowed;
    }
  }
  return oneOfSpelled(spellings, description);
}

/** A kind as the service's request bodies name it, however it was spelled. */
function bodyKind(description: string) {
  return oneOfSpelled(
    Object.fromEntries(
      KIND_SPELLINGS.flatMap(([named, kind]) => [
        [named, kind],
        [kind, kind],
      ]),
    ),
    description,
  );
}

/** `--value` of a custom field. */
export const value = text(
  'the value: JSON or text, read for --data-type when given; null clears it',
);
/** `--data-type`: how `--value` is read and checked. */
export const dataType = oneOf(
  CUSTOM_FIELD_DATA_TYPE_VALUES,
  "the field's data type: the value is read as one and checked before sending",
);
const definitionArgs = [
  { name: 'definition-id', description: "the field definition's id" },
] as const;
const optionArgs = [
  ...definitionArgs,
  { name: 'option-id', description: "the option's id" },
] as const;

/** Custom field definitions, their options, and values by id: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const CUSTOM_FIELD_OPERATIONS: readonly Operation[] = [
  list({
    group: DEFINITIONS,
    verb: 'list',
    summary: 'List custom field definitions',
    example: 'shiptrack custom-field-definitions list --entity-type Container',
    options: {
      ...LIST_CUSTOM_FIELD_DEFINITIONS_OPTIONS,
      entityType: filterKind('only fields of this record kind', CUSTOM_FIELD_ENTITY_TYPE_VALUES),
    },
    run: (client, _args, o, call) =>
      client.customFieldDefinitions.list({
        ...call,
        ...listCustomFieldDefinitionsArguments(o),
      }),
  }),
  one({
    group: DEFINITIONS,
    verb: 'create',
    summary: 'Define a custom field for shipments or containers',
    example:
      'shiptrack custom-field-definitions create --entity-type Container --api-slug priority --display-name Priority --data-type enum',
    options: {
      entityType: required(filterKind('the record kind it is for', DEFINED_FOR)),
      apiSlug: required(text('how values name the field', 'slug')),
      displayName: required(text('the name to show', 'name')),
      dataType: required(oneOf(CUSTOM_FIELD_DATA_TYPE_VALUES, "the field's data type")),
      referenceType: text('for reference fields: Party, Shipment, Container or TrackingRequest'),
      validation: jsonObject('validation rules'),
      defaultFormat: text('how values are shown by default', 'format'),
      defaultValue: text('the default value (read like --value)', 'value'),
    },
    run: (client, _args, o, call) =>
      client.customFieldDefinitions.create(
        {
          entityType: o.entityType,
          apiSlug: o.apiSlug,
          displayName: o.displayName,
          dataType: o.dataType,
          referenceType: o.referenceType,
          validation: o.validation,
          defaultFormat: o.defaultFormat,
          defaultValue:
            o.defaultValue === undefined ? undefined : fieldValue(o.defaultValue, o.dataType),
        },
        call,
      ),
  }),
  one({
    group: DEFINITIONS,
    verb: 'update',
    summary: 'Change a custom field definition (members left out stay)',
    example: 'shiptrack custom-field-definitions update <id> --display-name "PO number"',
    args: id('field definition'),
    options: {
      displayName: text('the name to show', 'name'),
      validation: jsonObject('validation rules; null removes them'),
      defaultFormat: text('how values are shown by default', 'format'),
      defaultValue: text('the default value (JSON or text; null clears it)', 'value'),
    },
    run: (client, a, o, call) =>
      client.customFieldDefinitions.update(
        a.id,
        {
          displayName: o.displayName,
          validation: o.validation,
          defaultFormat: o.defaultFormat,
          defaultValue:
            o.defaultValue === undefined ? undefined : fieldValue(o.defaultValue, undefined),
        },
        call,
      ),
  }),
  list({
    group: OPTIONS,
    verb: 'list',
    summary: 'List the options of an enum or enum_multi field',
    paged: false,
    example: 'shiptrack custom-field-definitions options list <definition-id>',
    args: definitionArgs,
    run: (client, a, _o, call) =>
      client.customFieldDefinitions.options.list(a['definition-id'], call),
  }),
  one({
    group: OPTIONS,
    verb: 'create',
    summary: 'Add an option to an enum or enum_multi field',
    example:
      'shiptrack custom-field-definitions options create <definition-id> --label Rush --value rush',
    args: definitionArgs,
    options: {
      label: required(text('the text to show', 'label')),
      value: required(text('what a value stores', 'value')),
      position: integer('its place in the list (from 0; default: the end)'),
    },
    run: (client, a, o, call) =>
      client.customFieldDefinitions.options.create(
        a['definition-id'],
        { label: o.label, value: o.value, position: o.position },
        call,
      ),
  }),
  one({
    group: OPTIONS,
    verb: 'get',
    summary: 'Show one option of a field',
    example: 'shiptrack custom-field-definitions options get <definition-id> <option-id>',
    args: optionArgs,
    run: (client, a, _o, call) =>
      client.customFieldDefinitions.options.get(a['definition-id'], a['option-id'], call),
  }),
  one({
    group: OPTIONS,
    verb: 'update',
    summary: "Change an option's label or position",
    example:
      'shiptrack custom-field-definitions options update <definition-id> <option-id> --position 0',
    args: optionArgs,
    options: {
      label: text('the text to show', 'label'),
      position: integer('its place in the list (from 0)'),
    },
    run: (client, a, o, call) =>
      client.customFieldDefinitions.options.update(
        a['definition-id'],
        a['option-id'],
        { label: o.label, position: o.position },
        call,
      ),
  }),
  one({
    group: OPTIONS,
    verb: 'delete',
    summary: 'Delete an option (values holding it lose it)',
    example: 'shiptrack custom-field-definitions options delete <definition-id> <option-id>',
    args: optionArgs,
    run: async (client, a, _o, call) => {
      await client.customFieldDefinitions.options.delete(a['definition-id'], a['option-id'], {
        signal: call.signal,
      });
      return { id: a['option-id'], deleted: true };
    },
  }),
  list({
    group: 'custom-fields',
    verb: 'list',
    summary: 'List custom field values of every record',
    example: 'shiptrack custom-fields list --entity-type Container --entity-id <id>',
    options: {
      ...LIST_CUSTOM_FIELDS_OPTIONS,
      entityType: filterKind('only values of this record kind', CUSTOM_FIELD_ENTITY_TYPE_VALUES),
    },
    run: (client, _args, o, call) =>
      client.customFields.list({ ...call, ...listCustomFieldsArguments(o) }),
  }),
  one({
    group: 'custom-fields',
    verb: 'create',
    summary: 'Set a custom field on a record named by kind and id',
    example:
      'shiptrack custom-fields create --entity-type Container --entity-id <id> --api-slug priority --value rush',
    options: {
      entityType: required(bodyKind('the kind of record')),
      entityId: required(text("the record's id", 'id')),
      apiSlug: required(text("the definition's api slug", 'slug')),
      value: required(value),
      dataType,
    },
    run: (client, _args, o, call) =>
      client.customFields.create(
        {
          entity: { type: o.entityType, id: o.entityId },
          apiSlug: o.apiSlug,
          value: fieldValue(o.value, o.dataType),
          dataType: o.dataType,
        },
        call,
      ),
  }),
  one({
    group: 'custom-fields',
    verb: 'update',
    summary: 'Change a custom field value',
    example: 'shiptrack custom-fields update <id> --value standard',
    args: id('custom field value'),
    options: { value: required(value), dataType },
    run: (client, a, o, call) =>
      client.customFields.update(
        a.id,
        { value: fieldValue(o.value, o.dataType), dataType: o.dataType },
        call,
      ),
  }),
];
