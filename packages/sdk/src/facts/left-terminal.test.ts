import { describe, expect, it } from 'vitest';
import type { MappedContainer } from '../mapped/container.js';
import { containerLeftTerminal, lastFreeDayZone, statusLeftTerminal } from './left-terminal.js';

function container(extra: Partial<MappedContainer>): MappedContainer {
  return {
    id: 'c1',
    type: 'container',
    number: 'MSCU1234566',
    status: 'available',
    equipment: { type: 'dry', length: 40, height: 'standard' },
    location: {
      currentLocation: null,
      availableForPickup: true,
      podArrivedAt: null,
      podDischargedAt: null,
    },
    demurrage: { pickupLfd: '2025-03-04T02:00:00Z', holds: [], fees: [] },
    ...extra,
  };
}

describe('left the terminal', () => {
  it('reads the status, and claims nothing for a status it does not know', () => {
    expect(statusLeftTerminal('picked_up')).toBe(true);
    expect(statusLeftTerminal('available')).toBe(false);
    expect(statusLeftTerminal('teleported')).toBe(false);
    expect(statusLeftTerminal(null)).toBe(false);
  });

  it('counts a full-out or an empty return whatever the status says', () => {
    expect(containerLeftTerminal(container({ podFullOutAt: '2025-03-02T10:00:00Z' }))).toBe(true);
    expect(containerLeftTerminal(container({ emptyTerminatedAt: '2025-03-09T10:00:00Z' }))).toBe(
      true,
    );
    expect(containerLeftTerminal(container({}))).toBe(false);
  });
});

describe('lastFreeDayZone', () => {
  it("is the port's zone, unless the last free day is the rail one at the destination", () => {
    expect(lastFreeDayZone(container({}), 'America/Los_Angeles')).toBe('America/Los_Angeles');
    const rail = container({
      importDeadlines: { pickupLfdRail: '2025-03-04T02:00:00Z' },
      finalDestinationTimezone: 'America/Chicago',
    });
    expect(lastFreeDayZone(rail, 'America/Los_Angeles')).toBe('America/Chicago');
  });
});
