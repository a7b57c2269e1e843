/** Wire form of custom field definitions, options and values. */
import type { Serializer } from '../serialize/resource-object.js';
import { toOne } from '../serialize/resource-object.js';
import type { SpecResource } from '../serialize/spec-resource.js';
import { toIso } from '../time.js';
import type { CustomFields } from './custom-fields.js';

type Definition = SpecResource<'CustomFieldDefinition'>;

/** Registers the serializers of the custom field types. */
export function registerCustomFieldSerializers(serializer: Serializer, fields: CustomFields): void {
  const { tables } = fields;
  serializer.registerRecords(
    'custom_field_definition',
    tables.definitions,
    (record): Definition => ({
      id: record.id,
      type: 'custom_field_definition',
      attributes: {
        entity_type: record.entityType,
        api_slug: record.apiSlug,
        display_name: record.displayName,
        description: record.description,
        data_type: record.dataType,
        reference_type: record.referenceType,
        validation: record.validation,
        default_format: record.defaultFormat,
        default_value: record.defaultValue,
        created_at: toIso(record.createdAt),
        updated_at: toIso(record.updatedAt),
      },
      links: { self: `/v2/custom_field_definitions/${record.id}` },
    }),
  );
  serializer.registerRecords(
    'custom_field_option',
    tables.options,
    (record): SpecResource<'CustomFieldOption'> => ({
      id: record.id,
      type: 'custom_field_option',
      attributes: { label: record.label, value: record.value, position: record.position },
      links: { self: `/v2/custom_field_definitions/${record.definitionId}/options/${record.id}` },
    }),
  );
  serializer.registerRecords(
    'custom_field',
    tables.values,
    (record): SpecResource<'CustomField'> | undefined => {
      const definition = tables.definitions.get(record.definitionId);
      if (definition === undefined) return undefined;
      return {
        id: record.id,
        type: 'custom_field',
        attributes: {
          api_slug: definition.apiSlug,
          value: record.value,
          display_value: fields.values.display(record),
        },
        relationships: {
          entity: toOne(record.entity, record.entityId),
          definition: toOne('custom_field_definition', record.definitionId),
        },
        links: { self: `/v2/custom_fields/${record.id}` },
      };
    },
  );
}
