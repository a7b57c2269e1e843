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
  serializer.register('custom_field_definition', (id): Definition | undefined => {
    const record = tables.definitions.get(id);
    if (record === undefined) return undefined;
    return {
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
    };
  });
  serializer.register(
    'custom_field_option',
    (id): SpecResource<'CustomFieldOption'> | undefined => {
      const record = tables.options.get(id);
      if (record === undefined) return undefined;
      return {
        id: record.id,
        type: 'custom_field_option',
        attributes: { label: record.label, value: record.value, position: record.position },
        links: { self: `/v2/custom_field_definitions/${record.definitionId}/options/${record.id}` },
      };
    },
  );
  serializer.register('custom_field', (id): SpecResource<'CustomField'> | undefined => {
    const record = tables.values.get(id);
    const definition =
      record === undefined ? undefined : tables.definitions.get(record.definitionId);
    if (record === undefined || definition === undefined) return undefined;
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
  });
}
