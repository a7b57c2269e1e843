import type { components } from '../generated/openapi.js';
import { isPlainObject } from '../jsonapi/case.js';
import { text } from './coerce.js';
import type { MappedTransportEvent } from './events.js';
import type { EventCategories, TimelineEntry, TransportEventsSummary } from './timeline.js';

const PREFIX = 'container.transport.';
/** A milestone's name without its prefix, typed by the spec's names (a dropped one stops this compiling). */
type Milestone =
  components['schemas']['ContainerTransportEventName'] extends `${typeof PREFIX}${infer Name}`
    ? Name
    : never;
const TERMINAL = new Set<string>([
  'empty_out',
  'full_in',
  'full_out',
  'empty_in',
  'available',
  'not_available',
  'delivered',
] satisfies Milestone[]);

type Category = keyof EventCategories;

/** The category of an event name; every name has exactly one. */
function categoryOf(event: string | null): Category {
  if (event === null || !event.startsWith(PREFIX)) {
    return event?.startsWith('container.') ? 'updateEvents' : 'otherEvents';
  }
  const name = event.slice(PREFIX.length);
  if (name.startsWith('estimated.')) return 'estimateEvents';
  if (/^(vessel|transshipment|feeder)_/.test(name)) return 'vesselEvents';
  if (name.startsWith('rail_') || name === 'arrived_at_inland_destination') return 'railEvents';
  return TERMINAL.has(name) ? 'terminalEvents' : 'otherEvents';
}

/** Where a transport event happened, by the names its included location and terminal carry. */
export interface TransportEventPlace {
  /** The port's or metro area's name (`null` when not included or not sent). */
  name: string | null;
  /** Its UN/LOCODE. */
  locode: string | null;
  /** The terminal's name, when the event happened at one (`TraPac Los Angeles`). */
  terminal: string | null;
}

/**
 * Where an event happened, by name: the location and terminal the event
 * was read with (`include: ['location', 'terminal']`), the LOCODE as sent.
 */
export function transportEventPlace(event: MappedTransportEvent): TransportEventPlace {
  const place = isPlainObject(event.location) ? event.location : undefined;
  const terminal = isPlainObject(event.terminal) ? event.terminal : undefined;
  return {
    name: text(place?.name),
    locode: text(event.locationLocode) ?? text(place?.code),
    terminal: text(terminal?.name),
  };
}

/**
 * An event name as a list shows it: a milestone without its
 * `container.transport.` prefix (`vessel_loaded`, `estimated.vessel_arrived`),
 * an update event without `container.` (`pickup_lfd.changed`); what tells
 * events apart is kept whole.
 */
export function transportEventLabel(event: string | null): string | null {
  if (event === null) return null;
  if (event.startsWith(PREFIX)) return event.slice(PREFIX.length);
  return event.startsWith('container.') ? event.slice('container.'.length) : event;
}

function locationOf(event: MappedTransportEvent): TimelineEntry['location'] {
  const place = transportEventPlace(event);
  return { name: place.name ?? place.terminal, locode: place.locode };
}

function byTime(a: MappedTransportEvent, b: MappedTransportEvent): number {
  return (a.timestamp ?? '').localeCompare(b.timestamp ?? '');
}

/**
 * Summarizes a container's transport events the way people ask about them:
 * how many there are per category (update events such as
 * `container.pickup_lfd.changed`, estimates and names the SDK does not know
 * yet each have their own count, so the counts add up to `totalEvents`),
 * when the key milestones happened (first loading and departure, last
 * arrival and discharge), and a timeline in time order. Invalidated events
 * are left out.
 */
export function summarizeTransportEvents(
  events: readonly MappedTransportEvent[],
): TransportEventsSummary {
  const valid = events.filter((event) => !event.invalidatedAt).sort(byTime);
  const eventCategories: EventCategories = {
    vesselEvents: 0,
    railEvents: 0,
    terminalEvents: 0,
    estimateEvents: 0,
    updateEvents: 0,
    otherEvents: 0,
  };
  const first = new Map<string, string>();
  const last = new Map<string, string>();
  for (const { event, timestamp } of valid) {
    eventCategories[categoryOf(event)]++;
    if (event?.startsWith(PREFIX) && timestamp) {
      const name = event.slice(PREFIX.length);
      if (!first.has(name)) first.set(name, timestamp);
      last.set(name, timestamp);
    }
  }
  return {
    totalEvents: valid.length,
    eventCategories,
    milestones: {
      vesselLoadedAt: first.get('vessel_loaded' satisfies Milestone) ?? null,
      vesselDepartedAt: first.get('vessel_departed' satisfies Milestone) ?? null,
      vesselArrivedAt: last.get('vessel_arrived' satisfies Milestone) ?? null,
      dischargedAt: last.get('vessel_discharged' satisfies Milestone) ?? null,
    },
    timeline: valid.map((event) => ({
      event: event.event,
      timestamp: event.timestamp ?? null,
      location: locationOf(event),
    })),
  };
}
