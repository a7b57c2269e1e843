import type { MappedCustomField } from '@shiptrack/sdk';
import * as z from 'zod';
import { inline } from '../core/inline.js';
import { lazy } from '../core/lazy.js';
import type { CustomFieldsRead } from '../service/custom-fields.js';

/** Custom field values shown at most with one record; `omitted` counts the rest. */
export const CUSTOM_FIELD_LIMIT = 20;

/** A record's custom field values as a tool shows them: bounded, each by its `apiSlug`. */
export const CustomFieldsSchema = lazy(() =>
  z.object({
    values: z.array(z.object({ apiSlug: z.string(), value: z.string().nullable() })),
    omitted: z.number(),
    unavailable: z.enum(['not_enabled', 'not_found']).nullable(),
  }),
);

/** A record's custom field values as a tool shows them. */
export type CustomFields = z.infer<ReturnType<typeof CustomFieldsSchema>>;

/** What a value shows: the service's display value, else the value as sent (`null`: not set). */
function displayed(field: MappedCustomField): string | null {
  if (field.displayValue !== null && field.displayValue !== '') return field.displayValue;
  const { value } = field;
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The first {@link CUSTOM_FIELD_LIMIT} values of a record, or why there are none to show. */
export function customFields(read: CustomFieldsRead): CustomFields {
  if (!read.available) return { values: [], omitted: 0, unavailable: read.reason };
  const shown = read.values.slice(0, CUSTOM_FIELD_LIMIT);
  return {
    values: shown.map((field) => ({ apiSlug: field.apiSlug ?? field.id, value: displayed(field) })),
    omitted: read.values.length - shown.length,
    unavailable: null,
  };
}

const UNAVAILABLE: Record<NonNullable<CustomFields['unavailable']>, string> = {
  not_enabled: 'not available (custom fields are not enabled for the account)',
  not_found: 'not available (the service offers none for this record)',
};

/** The text line of a record's custom field values. */
export function renderCustomFields(fields: CustomFields): string {
  if (fields.unavailable !== null) return `Custom fields: ${UNAVAILABLE[fields.unavailable]}`;
  if (fields.values.length === 0) return 'Custom fields: none';
  const total = fields.values.length + fields.omitted;
  const count = fields.omitted > 0 ? ` (first ${fields.values.length} of ${total})` : '';
  const values = fields.values.map(
    (field) =>
      `${inline(field.apiSlug)}: ${field.value === null ? '(not set)' : inline(field.value)}`,
  );
  return `Custom fields${count}: ${values.join('; ')}`;
}
