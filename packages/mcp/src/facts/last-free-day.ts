import { type LocalDeadline, lastFreeDay, type MappedContainer } from '@shiptrack/sdk';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';

/**
 * The last free day as tools return it: the SDK's `lastFreeDay` (the first
 * deadline that still applies, as a day where it falls) without the list
 * of every deadline, which the raw members beside it already carry.
 */
export const LastFreeDaySchema = lazy(() =>
  z.object({
    date: z.string().describe('local day'),
    timeZone: z.string(),
    source: z.enum(['terminal', 'line', 'rail', 'service']),
    daysLeft: z.number(),
    applies: z.boolean().describe('false: the box has left'),
    at: z.string().describe('UTC'),
  }),
);

/** The last free day of a tool's answer. */
export interface LastFreeDayFact {
  date: string;
  timeZone: string;
  source: 'terminal' | 'line' | 'rail' | 'service';
  daysLeft: number;
  applies: boolean;
  at: string;
}

/** The zone of the port of discharge as a container or its included shipment carries it. */
function podZoneOf(container: MappedContainer): string | null {
  return container.podTimezone ?? container.shipment?.podTimezone ?? null;
}

/**
 * A deadline cut to the members a tool returns (the SDK's `LocalDeadline`
 * without its coalesced value and list).
 */
export function deadlineFact(deadline: LocalDeadline): LastFreeDayFact {
  const { date, timeZone, source, daysLeft, applies, at } = deadline;
  return { date, timeZone, source, daysLeft, applies, at };
}

/**
 * A container's last free day from the SDK's one answer (`lastFreeDay`):
 * the first deadline that applies, and every deadline soonest first;
 * `first` is `null` when none was reported. `podZone` is the port's zone
 * when it did not come with the container.
 */
export function lastFreeDayFacts(
  container: MappedContainer,
  options: { now: Date; podZone?: string | null },
): { first: LastFreeDayFact | null; deadlines: LastFreeDayFact[] } {
  const found = lastFreeDay(container, {
    now: options.now,
    podZone: options.podZone ?? podZoneOf(container),
  });
  if (found === null) return { first: null, deadlines: [] };
  return { first: deadlineFact(found), deadlines: found.deadlines.map(deadlineFact) };
}
