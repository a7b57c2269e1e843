/**
 * Custom field definitions and their options. An `api_slug` is unique per
 * account and record kind; options belong to `enum` and `enum_multi` fields
 * only and their `value` is unique within the field. Deleting a definition
 * deletes its options and values; deleting an option takes it out of the
 * values that hold it.
 */
import type { EngineContext } from '../context.js';
import { type InputIssue, InvalidInputError, RecordNotFoundError } from '../problems.js';
import type { AccountRecord, JsonValue } from '../records.js';
import type {
  CustomFieldDataType,
  CustomFieldDefinitionRecord,
  CustomFieldEntityType,
  CustomFieldOptionRecord,
} from './records.js';
import type { CustomFieldTables } from './tables.js';
import { checkValue, type ReferenceResolver } from './value-rules.js';

/** What it takes to define a field. */
export interface DefinitionInput {
  entityType: CustomFieldEntityType;
  apiSlug: string;
  displayName: string;
  description?: string | null;
  dataType: CustomFieldDataType;
  referenceType?: string | null;
  validation?: Record<string, JsonValue> | null;
  defaultFormat?: string | null;
  defaultValue?: JsonValue;
}

/** What may change on a definition. */
export type DefinitionChanges = Partial<
  Pick<
    DefinitionInput,
    'displayName' | 'description' | 'validation' | 'defaultFormat' | 'defaultValue'
  >
>;

/** Filters of the definition list. */
export interface DefinitionFilter {
  entityType?: string;
  dataType?: string;
  /** Upper-cased text the display name contains. */
  displayName?: string;
}

/**
 * What an `api_slug` may be: it is a path segment of the per-record routes,
 * so nothing a URL parser rewrites (`.`, `..`, escapes) or splits on.
 */
export const API_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const WITH_OPTIONS: readonly CustomFieldDataType[] = ['enum', 'enum_multi'];

/** Definitions and options of the engine. */
export class CustomFieldDefinitions {
  constructor(
    private readonly ctx: EngineContext,
    private readonly tables: CustomFieldTables,
    private readonly resolveReference: ReferenceResolver,
  ) {}

  /** The account's definitions, oldest first. */
  list(account: AccountRecord, filter: DefinitionFilter = {}): CustomFieldDefinitionRecord[] {
    return [...this.tables.definitions.values()].filter(
      (definition) =>
        definition.accountId === account.id &&
        (filter.entityType === undefined || definition.entityType === filter.entityType) &&
        (filter.dataType === undefined || definition.dataType === filter.dataType) &&
        (filter.displayName === undefined ||
          definition.displayName.toUpperCase().includes(filter.displayName)),
    );
  }

  /** The account's definition with that id; 404 otherwise. */
  get(account: AccountRecord, id: string): CustomFieldDefinitionRecord {
    const definition = this.tables.definitions.get(id.toLowerCase());
    if (definition === undefined || definition.accountId !== account.id) {
      throw new RecordNotFoundError(
        `No custom field definition with id ${id} exists in this account. List GET /custom_field_definitions to find a valid id.`,
      );
    }
    return definition;
  }

  /** The definition of a slug for records of these kinds, if any. */
  bySlug(
    account: AccountRecord,
    kinds: readonly CustomFieldEntityType[],
    apiSlug: string,
  ): CustomFieldDefinitionRecord | undefined {
    return this.list(account).find(
      (definition) => definition.apiSlug === apiSlug && kinds.includes(definition.entityType),
    );
  }

  /** Defines a field; 422 when the slug is taken or unusable, or the default does not fit. */
  create(account: AccountRecord, input: DefinitionInput): CustomFieldDefinitionRecord {
    const issues: InputIssue[] = [];
    if (!API_SLUG_PATTERN.test(input.apiSlug)) {
      issues.push({
        pointer: '/data/attributes/api_slug',
        code: 'invalid',
        detail: `names the field in URLs, so it must match ${API_SLUG_PATTERN.source} (ASCII letters, digits, "_" and "-", starting with a letter or digit; no dots, spaces, "/" or "%"); got ${JSON.stringify(input.apiSlug)}. Use e.g. po_number.`,
      });
    }
    const clash = this.bySlug(account, [input.entityType], input.apiSlug);
    if (clash !== undefined) {
      issues.push({
        pointer: '/data/attributes/api_slug',
        code: 'taken',
        detail: `is already the slug of ${input.entityType} field ${clash.id} ("${clash.displayName}").`,
      });
    }
    if (input.dataType === 'reference' && !input.referenceType) {
      issues.push({
        pointer: '/data/attributes/reference_type',
        code: 'blank',
        detail:
          "can't be blank for a reference field; name the kind of record it points to (Party, Shipment, Container or TrackingRequest).",
      });
    }
    const now = this.ctx.clock.now();
    const definition: CustomFieldDefinitionRecord = {
      id: this.ctx.ids.next(),
      accountId: account.id,
      entityType: input.entityType,
      apiSlug: input.apiSlug,
      displayName: input.displayName,
      description: input.description ?? null,
      dataType: input.dataType,
      referenceType: input.referenceType ?? null,
      validation: input.validation ?? null,
      defaultFormat: input.defaultFormat ?? null,
      defaultValue: input.defaultValue ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const badDefault = this.checkDefault(definition, definition.defaultValue);
    if (badDefault !== undefined) issues.push(badDefault);
    if (issues.length > 0) throw new InvalidInputError(issues);
    this.tables.definitions.set(definition.id, definition);
    return definition;
  }

  /** Changes what may change; the default must fit the field. */
  update(definition: CustomFieldDefinitionRecord, changes: DefinitionChanges): void {
    if (changes.defaultValue !== undefined) {
      const issue = this.checkDefault(definition, changes.defaultValue);
      if (issue !== undefined) throw new InvalidInputError([issue]);
    }
    if (changes.displayName !== undefined) definition.displayName = changes.displayName;
    if (changes.description !== undefined) definition.description = changes.description;
    if (changes.validation !== undefined) definition.validation = changes.validation;
    if (changes.defaultFormat !== undefined) definition.defaultFormat = changes.defaultFormat;
    if (changes.defaultValue !== undefined) definition.defaultValue = changes.defaultValue;
    definition.updatedAt = this.ctx.clock.now();
  }

  /** Deletes a definition with its options and values. */
  delete(definition: CustomFieldDefinitionRecord): void {
    for (const option of this.tables.optionsOf(definition.id))
      this.tables.options.delete(option.id);
    for (const value of this.tables.valuesOf(definition.id)) this.tables.values.delete(value.id);
    this.tables.definitions.delete(definition.id);
  }

  /** The option of a definition with that id; 404 otherwise. */
  option(definition: CustomFieldDefinitionRecord, optionId: string): CustomFieldOptionRecord {
    const option = this.tables.options.get(optionId.toLowerCase());
    if (option === undefined || option.definitionId !== definition.id) {
      throw new RecordNotFoundError(
        `Custom field ${definition.apiSlug} has no option with id ${optionId}. List its options to find a valid id.`,
      );
    }
    return option;
  }

  /** Adds an option to an `enum` or `enum_multi` field; its value is unique in the field. */
  addOption(
    definition: CustomFieldDefinitionRecord,
    input: { label: string; value: string; position?: number | null },
  ): CustomFieldOptionRecord {
    if (!WITH_OPTIONS.includes(definition.dataType)) {
      throw new InvalidInputError([
        {
          pointer: '/data',
          code: 'invalid',
          detail: `cannot be added: options belong to enum and enum_multi fields, and ${definition.apiSlug} is ${definition.dataType}.`,
        },
      ]);
    }
    const existing = this.tables.optionsOf(definition.id);
    const clash = existing.find((option) => option.value === input.value);
    if (clash !== undefined) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/value',
          code: 'taken',
          detail: `is already option ${clash.id} ("${clash.label}") of ${definition.apiSlug}.`,
        },
      ]);
    }
    const option: CustomFieldOptionRecord = {
      id: this.ctx.ids.next(),
      accountId: definition.accountId,
      definitionId: definition.id,
      label: input.label,
      value: input.value,
      position: input.position === undefined ? existing.length : input.position,
      createdAt: this.ctx.clock.now(),
    };
    this.tables.options.set(option.id, option);
    return option;
  }

  /** Changes an option's label or position. */
  updateOption(
    option: CustomFieldOptionRecord,
    changes: { label?: string; position?: number | null },
  ): void {
    if (changes.label !== undefined) option.label = changes.label;
    if (changes.position !== undefined) option.position = changes.position;
  }

  /** Deletes an option and takes it out of the values that hold it. */
  deleteOption(option: CustomFieldOptionRecord): void {
    this.tables.options.delete(option.id);
    for (const value of this.tables.valuesOf(option.definitionId)) {
      if (value.value === option.value) value.value = null;
      else if (Array.isArray(value.value) && value.value.includes(option.value)) {
        value.value = value.value.filter((item) => item !== option.value);
      }
    }
  }

  private checkDefault(definition: CustomFieldDefinitionRecord, value: JsonValue) {
    return checkValue(
      definition,
      this.tables.optionsOf(definition.id),
      value,
      '/data/attributes/default_value',
      this.resolveReference,
    );
  }
}
