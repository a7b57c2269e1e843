import type { APIClient, CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { numberInRange, oneOf, optionalText, requireText } from '../core/arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import { CUSTOM_FIELD_DATA_TYPE_VALUES } from '../generated/enums.js';
import type {
  ListCustomFieldDefinitionsFilter,
  ListCustomFieldDefinitionsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { CustomFieldDefinitionsBase } from '../generated/resources/custom-field-definitions.js';
import { CustomFieldOptionsBase } from '../generated/resources/custom-field-options.js';
import type {
  CustomFieldDataType,
  CustomFieldValue,
  MappedCustomFieldDefinition,
  MappedCustomFieldOption,
} from '../mapped/custom-fields.js';
import { customFieldValue } from './custom-field-values.js';

/** Filters of `customFieldDefinitions.list`, sent as `filter[...]`. */
export interface CustomFieldDefinitionFilter extends ListCustomFieldDefinitionsFilter {}

/** Parameters of `customFieldDefinitions.list`. */
export interface CustomFieldDefinitionListParams<F extends ResponseFormat>
  extends ListCustomFieldDefinitionsParams<F> {}

/** What `customFieldDefinitions.create` sends. */
export interface CustomFieldDefinitionCreate<D extends CustomFieldDataType = CustomFieldDataType> {
  /** Definitions are created for shipments or containers. */
  entityType: 'Shipment' | 'Container';
  /** How values name the field: `po_number`. */
  apiSlug: string;
  displayName: string;
  dataType: D;
  referenceType?: string | null;
  validation?: Record<string, unknown> | null;
  defaultFormat?: string | null;
  defaultValue?: CustomFieldValue<D>;
}

/** What `customFieldDefinitions.update` changes; members left out are not changed. */
export interface CustomFieldDefinitionUpdate {
  displayName?: string;
  validation?: Record<string, unknown> | null;
  defaultFormat?: string | null;
  defaultValue?: CustomFieldValue;
}

/** What `customFieldDefinitions.options.create` sends. */
export interface CustomFieldOptionCreate {
  label: string;
  /** What a value stores. */
  value: string;
  position?: number | null;
}

/** What `customFieldDefinitions.options.update` changes. */
export interface CustomFieldOptionUpdate {
  label?: string;
  position?: number | null;
}

const ENTITY_TYPES = ['Shipment', 'Container'] as const;

/** An option's place in the list: an integer, 0 or more; `null` and left out pass. */
function position(call: string, value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  return numberInRange(call, 'position', value, { minimum: 0 });
}

/** `client.customFieldDefinitions.options`: the choices of `enum` and `enum_multi` fields. */
export class CustomFieldOptions<DF extends ResponseFormat> extends CustomFieldOptionsBase<DF> {
  /** Adds an option (`POST /custom_field_definitions/{definition_id}/options`). */
  create<F extends ResponseFormat = DF>(
    definitionId: string,
    option: CustomFieldOptionCreate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldOptionDocument, MappedCustomFieldOption>> {
    const call = 'customFieldDefinitions.options.create';
    return this.core.one('createCustomFieldOption', {
      path: { definitionId },
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field_option',
          attributes: {
            label: requireText(call, 'label', option?.label, 'the text to show'),
            value: requireText(call, 'value', option?.value, 'what a value stores'),
            position: position(call, option.position),
          },
        },
      }),
    });
  }

  /** Relabels or moves an option (`PATCH .../options/{option_id}`); its `value` stays. */
  update<F extends ResponseFormat = DF>(
    definitionId: string,
    optionId: string,
    changes: CustomFieldOptionUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldOptionDocument, MappedCustomFieldOption>> {
    const call = 'customFieldDefinitions.options.update';
    return this.core.one('updateCustomFieldOption', {
      path: { definitionId, optionId },
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field_option',
          id: optionId.trim(),
          attributes: {
            label: optionalText(call, 'label', changes?.label, 'the text to show'),
            position: position(call, changes?.position),
          },
        },
      }),
    });
  }
}

/** `client.customFieldDefinitions`: the custom fields your account defines, with `.options`. */
export class CustomFieldDefinitions<
  DF extends ResponseFormat,
> extends CustomFieldDefinitionsBase<DF> {
  /** The choices of `enum` and `enum_multi` fields. */
  readonly options: CustomFieldOptions<DF>;

  constructor(core: APIClient) {
    super(core);
    this.options = new CustomFieldOptions(core);
  }

  /** Defines a custom field (`POST /custom_field_definitions`). */
  create<D extends CustomFieldDataType, F extends ResponseFormat = DF>(
    definition: CustomFieldDefinitionCreate<D>,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDefinitionDocument, MappedCustomFieldDefinition>> {
    const call = 'customFieldDefinitions.create';
    return this.core.one('createCustomFieldDefinition', {
      options,
      extra,
      body: () => {
        const d = definition ?? {};
        const dataType = oneOf(call, 'dataType', d.dataType, CUSTOM_FIELD_DATA_TYPE_VALUES);
        return {
          data: {
            type: 'custom_field_definition',
            attributes: {
              entity_type: oneOf(call, 'entityType', d.entityType, ENTITY_TYPES),
              api_slug: requireText(call, 'apiSlug', d.apiSlug, 'how values name the field'),
              display_name: requireText(call, 'displayName', d.displayName, 'the name to show'),
              data_type: dataType,
              reference_type: d.referenceType,
              // Safe: the spec's schema is any JSON object, which openapi-typescript narrows to an empty record.
              validation: d.validation as Record<string, never> | null | undefined,
              default_format: d.defaultFormat,
              default_value:
                d.defaultValue === undefined
                  ? undefined
                  : customFieldValue(call, d.defaultValue, dataType),
            },
          },
        };
      },
    });
  }

  /** Changes a definition (`PATCH /custom_field_definitions/{id}`); its slug and data type stay. */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: CustomFieldDefinitionUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDefinitionDocument, MappedCustomFieldDefinition>> {
    const call = 'customFieldDefinitions.update';
    return this.core.one('updateCustomFieldDefinition', {
      path: { id },
      options,
      extra,
      body: () => {
        const c = changes ?? {};
        return {
          data: {
            type: 'custom_field_definition',
            id: id.trim(),
            attributes: {
              display_name: optionalText(call, 'displayName', c.displayName, 'the name to show'),
              // Safe: the spec's schema is any JSON object, which openapi-typescript narrows to an empty record.
              validation: c.validation as Record<string, never> | null | undefined,
              default_format: c.defaultFormat,
              default_value:
                c.defaultValue === undefined
                  ? undefined
                  : customFieldValue(call, c.defaultValue, undefined),
            },
          },
        };
      },
    });
  }
}
