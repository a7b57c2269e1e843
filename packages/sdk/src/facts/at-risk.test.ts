import { describe, expect, it } from 'vitest';
import { mappedContainer } from '../../test/container-fixture.js';
import type { MappedContainer } from '../mapped/container.js';
import { byUrgency, containerRisk } from './at-risk.js';

const now = new Date('2025-03-10T18:00:00Z');
const held = [{ name: 'customs', status: 'hold', description: null }];

function container(extra: Partial<MappedContainer>, terminalLfd: string | null): MappedContainer {
  return mappedContainer(
    {
      importDeadlines: { pickupLfdTerminal: terminalLfd },
      podTimezone: 'America/Los_Angeles',
      ...extra,
    },
    terminalLfd,
  );
}

describe('containerRisk', () => {
  it('is due within the window, overdue once passed, and not at risk beyond it', () => {
    expect(
      containerRisk(container({}, '2025-03-12T20:00:00Z'), { now, withinDays: 3 }),
    ).toMatchObject({ reasons: ['due'], deadline: { daysLeft: 2 } });
    expect(
      containerRisk(container({}, '2025-03-08T20:00:00Z'), { now, withinDays: 3 }),
    ).toMatchObject({ reasons: ['overdue'] });
    expect(containerRisk(container({}, '2025-03-20T20:00:00Z'), { now, withinDays: 3 })).toBeNull();
  });

  it('counts a hold only while the box is at a terminal that reports holds', () => {
    const onHold = container({ demurrage: { pickupLfd: null, holds: held, fees: [] } }, null);
    expect(containerRisk(onHold, { now, withinDays: 3 })).toMatchObject({
      reasons: ['held'],
      deadline: null,
    });
    expect(
      containerRisk({ ...onHold, podFullOutAt: '2025-03-09T10:00:00Z' }, { now, withinDays: 3 }),
    ).toBeNull();
    expect(
      containerRisk({ ...onHold, availabilityKnown: false }, { now, withinDays: 3 }),
    ).toBeNull();
  });

  it('puts the soonest deadline first, then the held', () => {
    const soon = containerRisk(container({}, '2025-03-11T20:00:00Z'), { now, withinDays: 3 });
    const later = containerRisk(container({}, '2025-03-13T20:00:00Z'), { now, withinDays: 3 });
    const onlyHeld = containerRisk(
      container({ demurrage: { pickupLfd: null, holds: held, fees: [] } }, null),
      { now, withinDays: 3 },
    );
    if (!soon || !later || !onlyHeld) throw new Error('expected risks');
    expect([onlyHeld, later, soon].sort(byUrgency)).toEqual([soon, later, onlyHeld]);
  });
});
