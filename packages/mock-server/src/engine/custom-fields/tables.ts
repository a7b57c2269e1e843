/** The tables of custom field definitions, options and values, in creation order. */
import type {
  CustomFieldDefinitionRecord,
  CustomFieldOptionRecord,
  CustomFieldValueRecord,
} from './records.js';

/** Every custom field record of every account (Maps keep creation order). */
export class CustomFieldTables {
  readonly definitions = new Map<string, CustomFieldDefinitionRecord>();
  readonly options = new Map<string, CustomFieldOptionRecord>();
  readonly values = new Map<string, CustomFieldValueRecord>();

  /** The options of a definition, by position then creation. */
  optionsOf(definitionId: string): CustomFieldOptionRecord[] {
    return [...this.options.values()]
      .filter((option) => option.definitionId === definitionId)
      .sort(
        (a, b) =>
          (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) ||
          a.createdAt - b.createdAt,
      );
  }

  /** The values of a definition. */
  valuesOf(definitionId: string): CustomFieldValueRecord[] {
    return [...this.values.values()].filter((value) => value.definitionId === definitionId);
  }

  /** Forgets everything (reset). */
  clear(): void {
    this.definitions.clear();
    this.options.clear();
    this.values.clear();
  }
}
