/**
 * The application code under test: which containers must be picked up
 * soon, before their last free day at the terminal. It only knows the SDK;
 * the tests point that SDK at the mock service.
 */
import type { ShiptrackClient } from '@shiptrack/sdk';

/** A container still at the terminal whose last free day is near. */
export interface PickupDue {
  number: string;
  /** The terminal's last free day (ISO time). */
  lastFreeDay: string;
  /** Whole days from `now` to the last free day, rounded down (negative when past). */
  daysLeft: number;
  /** Holds the terminal reports; a container with holds cannot leave yet. */
  holds: number;
}

/** Statuses after which a container no longer accrues terminal demurrage. */
const GONE = new Set(['picked_up', 'empty_returned']);
const DAY_MS = 86_400_000;

/**
 * Every container of the account (all pages) still at the terminal whose
 * last free day is at most `withinDays` days after `now`, soonest first.
 */
export async function pickupsDue(
  client: ShiptrackClient,
  now: Date,
  withinDays: number,
): Promise<PickupDue[]> {
  const due: PickupDue[] = [];
  for await (const container of client.containers.list({ pageSize: 100 })) {
    const lastFreeDay = container.demurrage.pickupLfd;
    if (!lastFreeDay || !container.number || GONE.has(container.status ?? '')) continue;
    const daysLeft = Math.floor((Date.parse(lastFreeDay) - now.getTime()) / DAY_MS);
    if (daysLeft > withinDays) continue;
    const holds = container.demurrage.holds?.length ?? 0;
    due.push({ number: container.number, lastFreeDay, daysLeft, holds });
  }
  return due.sort((a, b) => a.lastFreeDay.localeCompare(b.lastFreeDay));
}
