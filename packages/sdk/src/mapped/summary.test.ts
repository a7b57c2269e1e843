import { describe, expect, it } from 'vitest';
import type { MappedTransportEvent } from './events.js';
import { summarizeTransportEvents } from './summary.js';

const event = (name: string, timestamp: string, extra: Partial<MappedTransportEvent> = {}) =>
  ({
    id: `${name}-${timestamp}`,
    type: 'transport_event',
    event: `container.transport.${name}`,
    timestamp,
    locationLocode: 'NLRTM',
    ...extra,
  }) satisfies MappedTransportEvent;

describe('summarizeTransportEvents', () => {
  it('counts categories, picks milestones and orders the timeline', () => {
    const summary = summarizeTransportEvents([
      event('vessel_arrived', '2026-02-10T00:00:00Z'),
      event('vessel_loaded', '2026-01-02T00:00:00Z', {
        location: { id: 'p', type: 'port', name: 'Shanghai', latitude: 31.2, longitude: 121.5 },
        locationLocode: null,
      }),
      event('vessel_departed', '2026-01-03T00:00:00Z'),
      event('transshipment_arrived', '2026-01-20T00:00:00Z'),
      event('vessel_discharged', '2026-02-11T00:00:00Z'),
      event('rail_loaded', '2026-02-12T00:00:00Z'),
      event('full_out', '2026-02-15T00:00:00Z'),
      event('estimated.vessel_arrived', '2026-02-09T00:00:00Z'),
      event('vessel_arrived', '2026-02-01T00:00:00Z', { invalidatedAt: '2026-02-02T00:00:00Z' }),
    ]);
    expect(summary.totalEvents).toBe(8);
    expect(summary.eventCategories).toEqual({ vesselEvents: 5, railEvents: 1, terminalEvents: 1 });
    expect(summary.milestones).toEqual({
      vesselLoadedAt: '2026-01-02T00:00:00Z',
      vesselDepartedAt: '2026-01-03T00:00:00Z',
      vesselArrivedAt: '2026-02-10T00:00:00Z',
      dischargedAt: '2026-02-11T00:00:00Z',
    });
    expect(summary.timeline[0]).toEqual({
      event: 'container.transport.vessel_loaded',
      timestamp: '2026-01-02T00:00:00Z',
      location: { name: 'Shanghai', locode: null },
    });
    expect(summary.timeline.map((entry) => entry.timestamp)).toEqual(
      [...summary.timeline.map((entry) => entry.timestamp)].sort(),
    );
  });
});
