import { ContainerStatusSchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import type { RowFilter } from '../core/filtered-list.js';
import { lazy } from '../core/lazy.js';

/** `status` of the container list tools: a `current_status` value known today. */
export const statusInput = lazy(() => ContainerStatusSchema.optional());

/** `port` of the list tools: a UN/LOCODE. */
export const portInput = lazy(() =>
  z
    .string()
    .regex(
      /^[A-Za-z]{2}[A-Za-z2-9]{3}$/,
      'a UN/LOCODE: 2-letter country and 3-character place, e.g. USLAX',
    )
    .optional()
    .describe('UN/LOCODE, e.g. USLAX'),
);

/** `carrier` of the list tools: a SCAC. */
export const carrierInput = lazy(() =>
  z
    .string()
    .regex(/^[A-Za-z]{2,4}$/, 'a SCAC of 2-4 letters, e.g. MAEU')
    .optional()
    .describe('SCAC, e.g. MAEU'),
);

/** `updated_after` of the list tools: an ISO 8601 date-time. */
export const updatedAfterInput = lazy(() =>
  z.iso.datetime({ offset: true }).optional().describe('Changed after'),
);

/** Upper-cases a code filter value. */
export function upper(value: string | undefined): string | undefined {
  return value?.trim().toUpperCase() || undefined;
}

/**
 * The `updated_after` filter, when asked for: compares each row's
 * `updatedAt` when the service sent one (the specification does not list
 * it, real responses may lack it); such a row is reported as not checked.
 */
export function updatedAfterFilter(after: string | undefined): RowFilter<object>[] {
  if (!after) return [];
  const limit = Date.parse(after);
  const test = (row: object): boolean | undefined => {
    const updatedAt: unknown = Reflect.get(row, 'updatedAt');
    if (typeof updatedAt !== 'string') return undefined;
    const time = Date.parse(updatedAt);
    return Number.isNaN(time) ? undefined : time > limit;
  };
  return [
    {
      name: 'updated_after',
      value: after,
      test,
      unchecked: 'the service sent no update time for them',
    },
  ];
}

/**
 * A code filter (`port`, `carrier`), when asked for: keeps a row when one of
 * its codes equals `value` (already upper-cased by {@link upper}).
 */
export function codeFilter<Row>(
  name: string,
  value: string | undefined,
  codes: (row: Row) => (string | null | undefined)[],
): RowFilter<Row>[] {
  if (!value) return [];
  return [{ name, value, test: (row) => codes(row).some((code) => code?.toUpperCase() === value) }];
}

/** The line saying how many terminals named by the rows could not be read (none when all were). */
export function unreadTerminalsNote(unread: number): string[] {
  return unread > 0
    ? [
        `The terminal of some rows was not read (${unread} terminal(s) over the per-call cap or unreadable): shown as -.`,
      ]
    : [];
}
