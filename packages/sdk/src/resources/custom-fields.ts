import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { oneOf, requireText } from '../core/arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { RequestOptions } from '../core/transport.js';
import { CALL_NAMES, type OperationId } from '../generated/operations.js';
import type { ListCustomFieldsFilter, ListCustomFieldsParams } from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { CustomFieldsBase } from '../generated/resources/custom-fields.js';
import { mapAll } from '../internal/shape.js';
import type {
  CustomFieldDataType,
  CustomFieldValue,
  MappedCustomField,
} from '../mapped/custom-fields.js';
import { customFieldValue } from './custom-field-values.js';
import { Resource } from './shared.js';

/** The records custom fields belong to, as JSON:API types. */
export type CustomFieldEntityKind = 'shipment' | 'container' | 'tracking_request';

const ENTITY_KINDS: readonly CustomFieldEntityKind[] = [
  'shipment',
  'container',
  'tracking_request',
];

/** Filters of `customFields.list`, sent as `filter[...]`. */
export interface CustomFieldFilter extends ListCustomFieldsFilter {}

/** Parameters of `customFields.list`. */
export interface CustomFieldListParams<F extends ResponseFormat>
  extends ListCustomFieldsParams<F> {}

/**
 * One custom field value to set. With `dataType` (from the definition,
 * such as `definition.dataType`) the value is typed and checked by it
 * before anything is sent: `{ apiSlug: 'po_number', dataType: 'number', value: 4711 }`.
 */
export interface CustomFieldSet<D extends CustomFieldDataType = CustomFieldDataType> {
  /** The definition's `apiSlug`. */
  apiSlug: string;
  /** The value; `null` clears it. */
  value: CustomFieldValue<D>;
  /** The definition's data type, when known: the value is checked against it. */
  dataType?: D;
}

/** What `customFields.create` sends: a value and the record it belongs to. */
export interface CustomFieldCreate<D extends CustomFieldDataType = CustomFieldDataType>
  extends CustomFieldSet<D> {
  entity: { type: CustomFieldEntityKind; id: string };
}

/** A new value, typed by `dataType` when given. */
export interface CustomFieldChange<D extends CustomFieldDataType = CustomFieldDataType> {
  value: CustomFieldValue<D>;
  dataType?: D;
}

/** `client.customFields`: custom field values of every record, by value id. */
export class CustomFields<DF extends ResponseFormat> extends CustomFieldsBase<DF> {
  /** Sets a custom field on a record (`POST /custom_fields`); a value of the wrong type is a 422. */
  create<D extends CustomFieldDataType = CustomFieldDataType, F extends ResponseFormat = DF>(
    field: CustomFieldCreate<D>,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDocument, MappedCustomField>> {
    const call = 'customFields.create';
    return this.core.one('createCustomField', {
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field',
          attributes: {
            api_slug: requireText(call, 'apiSlug', field?.apiSlug, "the definition's apiSlug"),
            value: customFieldValue(call, field.value, field.dataType),
          },
          relationships: {
            entity: {
              data: {
                type: oneOf(call, 'entity.type', field.entity?.type, ENTITY_KINDS),
                id: requireText(call, 'entity.id', field.entity?.id, "the record's id"),
              },
            },
          },
        },
      }),
    });
  }

  /** Changes a custom field value (`PATCH /custom_fields/{id}`). */
  update<D extends CustomFieldDataType = CustomFieldDataType, F extends ResponseFormat = DF>(
    id: string,
    change: CustomFieldChange<D>,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDocument, MappedCustomField>> {
    return this.core.one('updateCustomField', {
      path: { id },
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field',
          id: id.trim(),
          attributes: {
            value: customFieldValue('customFields.update', change?.value, change?.dataType),
          },
        },
      }),
    });
  }
}

/** The four operations of one kind of record's custom fields. */
interface EntityOperations {
  list: OperationId & `list${string}CustomFields`;
  create: OperationId & `create${string}CustomField`;
  update: OperationId & `update${string}CustomField`;
  delete: OperationId & `delete${string}CustomField`;
}

const ENTITY_OPERATIONS = {
  shipment: {
    list: 'listShipmentCustomFields',
    create: 'createShipmentCustomField',
    update: 'updateShipmentCustomField',
    delete: 'deleteShipmentCustomField',
  },
  container: {
    list: 'listContainerCustomFields',
    create: 'createContainerCustomField',
    update: 'updateContainerCustomField',
    delete: 'deleteContainerCustomField',
  },
  tracking_request: {
    list: 'listTrackingRequestCustomFields',
    create: 'createTrackingRequestCustomField',
    update: 'updateTrackingRequestCustomField',
    delete: 'deleteTrackingRequestCustomField',
  },
} as const satisfies Record<CustomFieldEntityKind, EntityOperations>;

/**
 * The custom fields of one shipment, container or tracking request, by
 * `apiSlug` (`client.containers.customFields(id)`).
 */
export class EntityCustomFields<
  K extends CustomFieldEntityKind,
  DF extends ResponseFormat,
> extends Resource<DF> {
  readonly #ops: (typeof ENTITY_OPERATIONS)[K];
  readonly #id: string;

  /** @internal */
  constructor(core: Resource<DF>['core'], kind: K, id: string) {
    super(core);
    this.#ops = ENTITY_OPERATIONS[kind];
    this.#id = id;
  }

  /** Lists the record's custom field values (`GET /{records}/{id}/custom_fields`). */
  list<F extends ResponseFormat = DF>(
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldListDocument, MappedCustomField[]>> {
    const ops: EntityOperations = this.#ops;
    return this.core.plain(
      ops.list,
      { path: { id: this.#id }, options, extra },
      // Safe: every item of this document is a custom_field.
      (raw) => mapAll(raw) as MappedCustomField[],
    );
  }

  /** Sets a custom field of the record (`POST /{records}/{id}/custom_fields`). */
  create<D extends CustomFieldDataType = CustomFieldDataType, F extends ResponseFormat = DF>(
    field: CustomFieldSet<D>,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDocument, MappedCustomField>> {
    const ops: EntityOperations = this.#ops;
    const call = CALL_NAMES[ops.create];
    return this.core.one(ops.create, {
      path: { id: this.#id },
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field',
          attributes: {
            api_slug: requireText(call, 'apiSlug', field?.apiSlug, "the definition's apiSlug"),
            value: customFieldValue(call, field.value, field.dataType),
          },
        },
      }),
    });
  }

  /** Changes a custom field of the record by its `apiSlug` (`PATCH /{records}/{id}/custom_fields/{api_slug}`). */
  update<D extends CustomFieldDataType = CustomFieldDataType, F extends ResponseFormat = DF>(
    apiSlug: string,
    change: CustomFieldChange<D>,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawCustomFieldDocument, MappedCustomField>> {
    const ops: EntityOperations = this.#ops;
    return this.core.one(ops.update, {
      path: { id: this.#id, apiSlug },
      options,
      extra,
      body: () => ({
        data: {
          type: 'custom_field',
          attributes: {
            value: customFieldValue(CALL_NAMES[ops.update], change?.value, change?.dataType),
          },
        },
      }),
    });
  }

  /** Removes a custom field of the record by its `apiSlug` (`DELETE /{records}/{id}/custom_fields/{api_slug}`). */
  delete(apiSlug: string, options: RequestOptions = {}, ...extra: never[]): APIPromise<void> {
    const ops: EntityOperations = this.#ops;
    return this.core.none(ops.delete, { path: { id: this.#id, apiSlug }, options, extra });
  }
}
