/**
 * The story both test files tell against the mock's demo data, whichever way
 * the mock runs: two Maersk boxes at the terminal with holds and three days
 * left; two days later they are picked up; two more, and the Hapag-Lloyd
 * boxes that went inland by rail are due at their rail terminal.
 */
import type { ShiptrackClient } from '@shiptrack/sdk';
import { expect } from 'vitest';
import { pickupsDue } from '../src/pickup-report.js';

/** How a test reads and moves the mock's manual clock. */
export interface MockClock {
  now(): Promise<Date>;
  advanceDays(days: number): Promise<void>;
}

/** Runs the story; the mock must have started with the demo data and a manual clock. */
export async function pickupStory(client: ShiptrackClient, clock: MockClock): Promise<void> {
  const atStart = await pickupsDue(client, await clock.now(), 7);
  expect(atStart.map((due) => due.number).sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
  expect(atStart.every((due) => due.daysLeft === 3 && due.holds > 0)).toBe(true);

  await clock.advanceDays(2);
  expect(await pickupsDue(client, await clock.now(), 7)).toEqual([]);

  await clock.advanceDays(2);
  const rail = await pickupsDue(client, await clock.now(), 7);
  expect(rail.map((due) => due.number).sort()).toEqual(['HLXU2088353', 'HLXU8143334']);
  expect(rail.every((due) => due.daysLeft === 1 && due.holds === 0)).toBe(true);
}
