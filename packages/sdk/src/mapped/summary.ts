import { isPlainObject } from '../jsonapi/case.js';
import { text } from './coerce.js';
import type { MappedTransportEvent, TransportEventsSummary } from './events.js';

const PREFIX = 'container.transport.';

type Category = keyof TransportEventsSummary['eventCategories'];

/** Which category a milestone belongs to, from its name without the prefix. */
function categoryOf(name: string): Category | undefined {
  if (name.startsWith('estimated.')) return undefined;
  if (/^(vessel|transshipment|feeder)_/.test(name)) return 'vesselEvents';
  if (name.startsWith('rail_') || name === 'arrived_at_inland_destination') return 'railEvents';
  if (
    [
      'empty_out',
      'full_in',
      'full_out',
      'empty_in',
      'available',
      'not_available',
      'delivered',
    ].includes(name)
  ) {
    return 'terminalEvents';
  }
  return undefined;
}

function locationOf(event: MappedTransportEvent): { name: string | null; locode: string | null } {
  const place = isPlainObject(event.location) ? event.location : undefined;
  const terminal = isPlainObject(event.terminal) ? event.terminal : undefined;
  return {
    name: text(place?.name) ?? text(terminal?.name),
    locode: text(event.locationLocode) ?? text(place?.code),
  };
}

function byTime(a: MappedTransportEvent, b: MappedTransportEvent): number {
  return (a.timestamp ?? '').localeCompare(b.timestamp ?? '');
}

/**
 * Summarizes a container's transport events the way people ask about them:
 * how many there are per category, when the key milestones happened
 * (first loading and departure, last arrival and discharge), and a
 * timeline in time order. Invalidated events are left out; estimates are
 * kept in the timeline but never count as milestones.
 */
export function summarizeTransportEvents(
  events: readonly MappedTransportEvent[],
): TransportEventsSummary {
  const valid = events.filter((event) => !event.invalidatedAt).sort(byTime);
  const categories = { vesselEvents: 0, railEvents: 0, terminalEvents: 0 };
  const first = new Map<string, string>();
  const last = new Map<string, string>();
  for (const event of valid) {
    const name = event.event.startsWith(PREFIX) ? event.event.slice(PREFIX.length) : event.event;
    const category = categoryOf(name);
    if (category) categories[category]++;
    if (category && event.timestamp) {
      if (!first.has(name)) first.set(name, event.timestamp);
      last.set(name, event.timestamp);
    }
  }
  return {
    totalEvents: valid.length,
    eventCategories: categories,
    milestones: {
      vesselLoadedAt: first.get('vessel_loaded') ?? null,
      vesselDepartedAt: first.get('vessel_departed') ?? null,
      vesselArrivedAt: last.get('vessel_arrived') ?? null,
      dischargedAt: last.get('vessel_discharged') ?? null,
    },
    timeline: valid.map((event) => ({
      event: event.event,
      timestamp: event.timestamp ?? null,
      location: locationOf(event),
    })),
  };
}
