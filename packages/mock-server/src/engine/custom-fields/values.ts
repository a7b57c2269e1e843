/**
 * Custom field values on shipments, containers and tracking requests. A value
 * is checked against its definition's data type and options before anything
 * is written; one record holds at most one value per field. Tracking requests
 * use `TrackingRequest` fields and, as the shipment they become, `Shipment`
 * fields.
 */
import type { EngineContext } from '../context.js';
import { InvalidInputError, RecordNotFoundError } from '../problems.js';
import type { AccountRecord, JsonValue } from '../records.js';
import type { CustomFieldDefinitions } from './definitions.js';
import type {
  CustomFieldDefinitionRecord,
  CustomFieldEntity,
  CustomFieldEntityType,
  CustomFieldValueRecord,
} from './records.js';
import type { CustomFieldTables } from './tables.js';
import { checkValue, displayValue, type ReferenceResolver } from './value-rules.js';

/** The definition kinds whose fields a record of each type holds. */
export const FIELD_KINDS: Readonly<Record<CustomFieldEntity, readonly CustomFieldEntityType[]>> = {
  shipment: ['Shipment'],
  container: ['Container'],
  tracking_request: ['TrackingRequest', 'Shipment'],
};

/** The wire's `entity_type` of a record type. */
export const ENTITY_TYPE_OF: Readonly<Record<CustomFieldEntity, CustomFieldEntityType>> = {
  shipment: 'Shipment',
  container: 'Container',
  tracking_request: 'TrackingRequest',
};

/** Filters of the value list. */
export interface ValueFilter {
  entityType?: CustomFieldEntityType;
  entityId?: string;
  definitionId?: string;
}

/** A record that holds values. */
export interface EntityRef {
  entity: CustomFieldEntity;
  id: string;
}

/** How a value came: a number's literal as the client wrote it (kept for `display_value`). */
export interface ValueOptions {
  numberAsWritten?: string | undefined;
}

/** The literal to keep for a number value: only one that reads as that very number. */
function writtenAs(value: JsonValue, options: ValueOptions): string | null {
  const literal = options.numberAsWritten;
  return typeof value === 'number' && literal !== undefined && Number(literal) === value
    ? literal
    : null;
}

/** The custom field values of the engine. */
export class CustomFieldValues {
  constructor(
    private readonly ctx: EngineContext,
    private readonly tables: CustomFieldTables,
    private readonly definitions: CustomFieldDefinitions,
    private readonly resolveReference: ReferenceResolver,
  ) {}

  /** 404 unless the record exists in the account. */
  requireEntity(account: AccountRecord, ref: EntityRef): void {
    const { store } = this.ctx;
    const table =
      ref.entity === 'shipment'
        ? store.shipments
        : ref.entity === 'container'
          ? store.containers
          : store.trackingRequests;
    const record = table.get(ref.id.toLowerCase());
    if (record === undefined || record.accountId !== account.id) {
      throw new RecordNotFoundError(
        `No ${ref.entity.replace('_', ' ')} with id ${ref.id} exists in this account.`,
      );
    }
  }

  /** The account's values, oldest first. */
  list(account: AccountRecord, filter: ValueFilter = {}): CustomFieldValueRecord[] {
    return [...this.tables.values.values()].filter(
      (value) =>
        value.accountId === account.id &&
        (filter.entityType === undefined || ENTITY_TYPE_OF[value.entity] === filter.entityType) &&
        (filter.entityId === undefined || value.entityId === filter.entityId) &&
        (filter.definitionId === undefined || value.definitionId === filter.definitionId),
    );
  }

  /** The values on one record. */
  listFor(account: AccountRecord, ref: EntityRef): CustomFieldValueRecord[] {
    this.requireEntity(account, ref);
    return this.list(account).filter(
      (value) => value.entity === ref.entity && value.entityId === ref.id.toLowerCase(),
    );
  }

  /** The account's value with that id; 404 otherwise. */
  get(account: AccountRecord, id: string): CustomFieldValueRecord {
    const value = this.tables.values.get(id.toLowerCase());
    if (value === undefined || value.accountId !== account.id) {
      throw new RecordNotFoundError(
        `No custom field value with id ${id} exists in this account. List GET /custom_fields to find a valid id.`,
      );
    }
    return value;
  }

  /** The value of a field (by slug) on a record; 404 when it has none. */
  getBySlug(account: AccountRecord, ref: EntityRef, apiSlug: string): CustomFieldValueRecord {
    const found = this.listFor(account, ref).find(
      (value) => this.tables.definitions.get(value.definitionId)?.apiSlug === apiSlug,
    );
    if (found === undefined) {
      throw new RecordNotFoundError(
        `The ${ref.entity.replace('_', ' ')} ${ref.id} has no value for the custom field ${apiSlug}. Set it with POST first.`,
      );
    }
    return found;
  }

  /**
   * Sets a field (by slug) on a record: 422 on `api_slug` for an unknown or
   * already set field, on `value` for a value that does not fit. Nothing is
   * written unless everything fits.
   */
  create(
    account: AccountRecord,
    ref: EntityRef,
    apiSlug: string,
    value: JsonValue,
    options: ValueOptions = {},
  ): CustomFieldValueRecord {
    this.requireEntity(account, ref);
    const entityId = ref.id.toLowerCase();
    const definition = this.definitions.bySlug(account, FIELD_KINDS[ref.entity], apiSlug);
    if (definition === undefined) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/api_slug',
          code: 'invalid',
          detail: `names no ${FIELD_KINDS[ref.entity].join(' or ')} custom field ("${apiSlug}"). List them with GET /custom_field_definitions, or define it first.`,
        },
      ]);
    }
    const taken = this.list(account).find(
      (existing) =>
        existing.definitionId === definition.id &&
        existing.entity === ref.entity &&
        existing.entityId === entityId,
    );
    if (taken !== undefined) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/api_slug',
          code: 'taken',
          detail: `${apiSlug} already has a value on this ${ref.entity.replace('_', ' ')} (custom field ${taken.id}); change it with PATCH.`,
        },
      ]);
    }
    this.check(definition, value);
    const record: CustomFieldValueRecord = {
      id: this.ctx.ids.next(),
      accountId: account.id,
      definitionId: definition.id,
      entity: ref.entity,
      entityId,
      value,
      numberAsWritten: writtenAs(value, options),
    };
    this.tables.values.set(record.id, record);
    return record;
  }

  /** Replaces a value (null clears it); 422 and nothing written when it does not fit. */
  update(record: CustomFieldValueRecord, value: JsonValue, options: ValueOptions = {}): void {
    const definition = this.tables.definitions.get(record.definitionId);
    if (definition !== undefined) this.check(definition, value);
    record.value = value;
    record.numberAsWritten = writtenAs(value, options);
  }

  /** Removes a value. */
  delete(record: CustomFieldValueRecord): void {
    this.tables.values.delete(record.id);
  }

  /** How people read a stored value. */
  display(record: CustomFieldValueRecord): string | null {
    const definition = this.tables.definitions.get(record.definitionId);
    if (definition === undefined) return null;
    return displayValue(
      definition,
      this.tables.optionsOf(definition.id),
      record,
      this.resolveReference,
    );
  }

  private check(definition: CustomFieldDefinitionRecord, value: JsonValue): void {
    const issue = checkValue(
      definition,
      this.tables.optionsOf(definition.id),
      value,
      '/data/attributes/value',
      this.resolveReference,
    );
    if (issue !== undefined) throw new InvalidInputError([issue]);
  }
}
