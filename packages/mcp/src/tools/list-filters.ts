import { ContainerStatusSchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';

/** `status` of the container list tools: a `current_status` value known today. */
export const statusInput = ContainerStatusSchema.optional().describe('Container current_status');

/** `port` of the list tools: a UN/LOCODE. */
export const portInput = z
  .string()
  .regex(
    /^[A-Za-z]{2}[A-Za-z2-9]{3}$/,
    'a UN/LOCODE: 2-letter country and 3-character place, e.g. USLAX',
  )
  .optional()
  .describe('UN/LOCODE of the port, e.g. "USLAX"');

/** `carrier` of the list tools: a SCAC. */
export const carrierInput = z
  .string()
  .regex(/^[A-Za-z]{2,4}$/, 'a SCAC of 2-4 letters, e.g. MAEU')
  .optional()
  .describe('Carrier SCAC, e.g. "MAEU" (get_supported_shipping_lines lists them)');

/** `updated_after` of the list tools: an ISO 8601 date-time. */
export const updatedAfterInput = z.iso
  .datetime({ offset: true })
  .optional()
  .describe('Only records changed after this ISO 8601 time, e.g. "2025-03-01T00:00:00Z"');

/** Upper-cases a code filter value. */
export function upper(value: string | undefined): string | undefined {
  return value?.trim().toUpperCase() || undefined;
}

/**
 * The row test of `updated_after`: compares the record's `updatedAt` when
 * the service sent one (the specification does not list it, real responses
 * may lack it); `undefined` (not checkable) otherwise.
 */
export function changedAfter(after: string) {
  const limit = Date.parse(after);
  return (row: object): boolean | undefined => {
    const updatedAt: unknown = Reflect.get(row, 'updatedAt');
    if (typeof updatedAt !== 'string') return undefined;
    const time = Date.parse(updatedAt);
    return Number.isNaN(time) ? undefined : time > limit;
  };
}

/** Why `updated_after` could not be checked on a row. */
export const NO_UPDATE_TIME = 'the service sent no update time for them';

/** The line saying how many terminals named by the rows could not be read (none when all were). */
export function unreadTerminalsNote(unread: number): string[] {
  return unread > 0
    ? [
        `The terminal of some rows was not read (${unread} terminal(s) over the per-call cap or unreadable): shown as -.`,
      ]
    : [];
}
