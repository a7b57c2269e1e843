/**
 * MCP names a transport event as the CLI does: both take the SDK's
 * `transportEventLabel`, so an update event or a name the SDK does not
 * know reads the same on every surface.
 */
import { transportEventLabel } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { renderTimelineEntry } from '../src/render/timeline.js';

const NAMES = [
  'container.transport.vessel_arrived',
  'container.pickup_lfd.changed',
  'container.transport.a_name_not_known_yet',
  'shipment.estimated.arrival',
];

describe('timeline labels', () => {
  it.each(NAMES)('%s reads as the SDK labels it', (event) => {
    const line = renderTimelineEntry({
      event,
      timestamp: '2026-11-28T10:00:00Z',
      location: { name: 'Rotterdam', locode: 'NLRTM' },
    });
    expect(line).toContain(` ${transportEventLabel(event)} at Rotterdam NLRTM`);
  });

  it('an event without a name reads "unnamed event"', () => {
    const line = renderTimelineEntry({
      event: null,
      timestamp: null,
      location: { name: null, locode: null },
    });
    expect(line).toContain('unnamed event');
  });
});
