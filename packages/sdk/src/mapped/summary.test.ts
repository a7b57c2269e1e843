import { describe, expect, it } from 'vitest';
import type { MappedTransportEvent } from './events.js';
import { summarizeTransportEvents } from './summary.js';

const event = (name: string, timestamp: string, extra: Partial<MappedTransportEvent> = {}) =>
  ({
    id: `${name}-${timestamp}`,
    type: 'transport_event',
    event: name.startsWith('container.') ? name : `container.transport.${name}`,
    timestamp,
    locationLocode: 'NLRTM',
    ...extra,
  }) satisfies MappedTransportEvent;

describe('summarizeTransportEvents', () => {
  it('counts categories, picks milestones and orders the timeline', () => {
    const summary = summarizeTransportEvents([
      event('vessel_arrived', '2026-02-10T00:00:00Z'),
      event('vessel_loaded', '2026-01-02T00:00:00Z', {
        location: {
          id: 'p',
          type: 'port',
          name: 'Shanghai',
          latitude: 31.2,
          longitude: 121.5,
        },
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
    expect(summary.eventCategories).toEqual({
      vesselEvents: 5,
      railEvents: 1,
      terminalEvents: 1,
      estimateEvents: 1,
      updateEvents: 0,
      otherEvents: 0,
    });
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

  it('keeps update events and unknown names in categories of their own, so the counts add up', () => {
    const summary = summarizeTransportEvents([
      event('vessel_discharged', '2026-02-11T00:00:00Z'),
      event('container.pickup_lfd.changed', '2026-02-12T00:00:00Z'),
      event('container.pickup_lfd_rail.changed', '2026-02-13T00:00:00Z'),
      event('drone_inspected', '2026-02-14T00:00:00Z'),
      event('vessel_arrived', '2026-02-10T00:00:00Z', { event: null }),
    ]);
    expect(summary.eventCategories).toEqual({
      vesselEvents: 1,
      railEvents: 0,
      terminalEvents: 0,
      estimateEvents: 0,
      updateEvents: 2,
      otherEvents: 2,
    });
    const counted = Object.values(summary.eventCategories).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(summary.totalEvents);
    expect(summary.timeline.map((entry) => entry.event)).toContain('container.pickup_lfd.changed');
    // An update event is never taken for a milestone.
    expect(summary.milestones.dischargedAt).toBe('2026-02-11T00:00:00Z');
  });
});
