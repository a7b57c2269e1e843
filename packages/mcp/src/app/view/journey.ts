/**
 * The journey as stops and legs: from the route (`get_container_route`)
 * when the account has it, else from the transport events, else from the
 * shipment's ports; with where the container is now.
 */
import { asNumber, asObject, asObjects, asText, field, type Json, textField } from './read.js';

/** A time, and whether it happened (actual) or is expected (estimated). */
export interface Moment {
  at: string;
  actual: boolean;
}

/** What a stop is in the journey. */
export type StopRole = 'origin' | 'transshipment' | 'discharge' | 'rail' | 'inland' | 'stop';

/** A place on the journey. */
export interface Stop {
  name: string;
  locode: string | null;
  terminal: string | null;
  role: StopRole;
  arrival: Moment | null;
  departure: Moment | null;
  /** Decimal degrees, when the data gives them. */
  position: { lat: number; lon: number } | null;
}

/** A leg between two stops. */
export interface Leg {
  from: number;
  to: number;
  /** `vessel`, `rail`, `truck`, or a mode added since. */
  mode: string | null;
  vessel: string | null;
  voyage: string | null;
  departure: Moment | null;
  arrival: Moment | null;
}

/** Where the container is: on a leg, or at a stop. */
export type Position = { kind: 'leg'; index: number } | { kind: 'stop'; index: number };

/** The journey the view draws. */
export interface Journey {
  stops: Stop[];
  legs: Leg[];
  current: Position | null;
  source: 'route' | 'events' | 'shipment';
}

function moment(actual: string | null, estimated: string | null): Moment | null {
  if (actual) return { at: actual, actual: true };
  return estimated ? { at: estimated, actual: false } : null;
}

function positionOf(record: Json): Stop['position'] {
  const lat = asNumber(field(record, ['latitude', 'lat'], 1));
  const lon = asNumber(field(record, ['longitude', 'lon', 'lng'], 1));
  return lat === null || lon === null ? null : { lat, lon };
}

/** Names the role of each stop from how the container arrives and leaves it. */
function assignRoles(stops: Stop[], legs: Leg[]): void {
  const lastSea = legs.reduce((found, leg, i) => (leg.mode === 'vessel' ? i : found), -1);
  stops.forEach((stop, i) => {
    const inbound = legs.find((leg) => leg.to === i);
    const outbound = legs.find((leg) => leg.from === i);
    if (i === 0) stop.role = 'origin';
    else if (lastSea >= 0 && legs[lastSea]?.to === i) stop.role = 'discharge';
    else if (inbound?.mode === 'vessel' && outbound?.mode === 'vessel') stop.role = 'transshipment';
    else if (i === stops.length - 1 && inbound && inbound.mode !== 'vessel') stop.role = 'inland';
    else if (inbound?.mode === 'rail' || outbound?.mode === 'rail') stop.role = 'rail';
  });
}

/** Where the container is: the last actual movement decides. */
export function currentPosition(stops: Stop[], legs: Leg[]): Position | null {
  for (let i = legs.length - 1; i >= 0; i--) {
    const leg = legs[i];
    if (!leg) continue;
    if (leg.arrival?.actual || stops[leg.to]?.arrival?.actual)
      return { kind: 'stop', index: leg.to };
    if (leg.departure?.actual) return { kind: 'leg', index: i };
  }
  return stops.length > 0 ? { kind: 'stop', index: 0 } : null;
}

function build(stops: Stop[], legs: Leg[], source: Journey['source']): Journey {
  assignRoles(stops, legs);
  return { stops, legs, current: currentPosition(stops, legs), source };
}

/** The journey from a `get_container_route` answer, or null when it has no stops. */
export function journeyFromRoute(structured: Json | undefined): Journey | null {
  const rows = asObjects(field(structured, ['stops', 'routeLocations'], 0)) ?? [];
  if (rows.length < 2) return null;
  const stops: Stop[] = rows.map((row) => ({
    name: textField(row, 'port', 'name') ?? textField(row, 'locode') ?? 'Unknown place',
    locode: textField(row, 'locode', 'code'),
    terminal: textField(row, 'terminal', 'facility'),
    role: 'stop',
    arrival: moment(textField(row, 'ataAt'), textField(row, 'etaAt')),
    departure: moment(textField(row, 'atdAt'), textField(row, 'etdAt')),
    position: positionOf(row),
  }));
  const legs: Leg[] = rows.slice(1).map((row, i) => {
    const from = rows[i] ?? {};
    const departure = stops[i]?.departure ?? null;
    const arrival = stops[i + 1]?.arrival ?? null;
    return {
      from: i,
      to: i + 1,
      mode: textField(from, 'leaveBy', 'outboundMode') ?? textField(row, 'arriveBy', 'inboundMode'),
      vessel: textField(from, 'outboundVessel') ?? textField(row, 'inboundVessel') ?? null,
      voyage:
        textField(from, 'outboundVoyage', 'outboundVoyageNumber') ??
        textField(row, 'inboundVoyage', 'inboundVoyageNumber'),
      departure,
      arrival,
    };
  });
  return build(stops, legs, 'route');
}

/** The event name without its `container.transport.` prefix. */
function eventName(entry: Json): string {
  return (asText(entry.event) ?? '').replace(/^container\.transport\./, '');
}

function modeOfEvent(name: string): string | null {
  if (/^(vessel|transshipment|feeder)_/.test(name)) return 'vessel';
  if (name.startsWith('rail_')) return 'rail';
  return null;
}

/**
 * The journey from a timeline (`get_container_transport_events`): each new
 * place is a stop, the mode of the events between two places is the leg's.
 * Estimated events are left out; every time shown is actual.
 */
export function journeyFromEvents(structured: Json | undefined): Journey | null {
  const entries = (asObjects(field(structured, ['timeline'], 0)) ?? [])
    .filter((entry) => !eventName(entry).startsWith('estimated.'))
    .filter((entry) => asText(entry.timestamp) !== null)
    .sort((a, b) => Date.parse(String(a.timestamp)) - Date.parse(String(b.timestamp)));
  const stops: Stop[] = [];
  const legs: Leg[] = [];
  let mode: string | null = null;
  for (const entry of entries) {
    const location = asObject(entry.location);
    const name = asText(location?.name) ?? asText(location?.locode);
    const event = eventName(entry);
    const at = String(entry.timestamp);
    mode = modeOfEvent(event) ?? mode;
    if (!name) continue;
    const last = stops[stops.length - 1];
    if (!last || last.name !== name) {
      if (last) {
        legs.push({
          from: stops.length - 1,
          to: stops.length,
          mode,
          vessel: null,
          voyage: null,
          departure: last.departure,
          arrival: { at, actual: true },
        });
      }
      stops.push({
        name,
        locode: asText(location?.locode),
        terminal: null,
        role: 'stop',
        arrival: last ? { at, actual: true } : null,
        departure: null,
        position: location ? positionOf(location) : null,
      });
    }
    const here = stops[stops.length - 1];
    if (here && /(_departed|_loaded)$/.test(event)) here.departure = { at, actual: true };
  }
  // A departure after the last arrival means the box is on its way to a place not yet reported.
  return stops.length >= 2 ? build(stops, legs, 'events') : null;
}

/** The journey from a `get_shipment_details` answer: lading, discharge and destination. */
export function journeyFromShipment(structured: Json | undefined): Journey | null {
  const pol = asObject(field(structured, ['portOfLading'], 0));
  const pod = asObject(field(structured, ['portOfDischarge'], 0));
  const destination = asObject(field(structured, ['destination'], 0));
  const times = asObject(field(structured, ['times'], 0));
  const vessel = asObject(field(structured, ['vessel'], 0));
  if (!pol || !pod) return null;
  const place = (record: Json, arrival: Moment | null, departure: Moment | null): Stop => ({
    name: textField(record, 'name') ?? textField(record, 'locode') ?? 'Unknown place',
    locode: textField(record, 'locode'),
    terminal: textField(record, 'terminal'),
    role: 'stop',
    arrival,
    departure,
    position: positionOf(record),
  });
  const stops = [
    place(pol, null, moment(textField(times, 'polAtdAt'), textField(times, 'polEtdAt'))),
    place(pod, moment(textField(times, 'podAtaAt'), textField(times, 'podEtaAt')), null),
  ];
  const legs: Leg[] = [
    {
      from: 0,
      to: 1,
      mode: 'vessel',
      vessel: textField(vessel, 'name'),
      voyage: textField(vessel, 'voyage'),
      departure: stops[0]?.departure ?? null,
      arrival: stops[1]?.arrival ?? null,
    },
  ];
  const inland = destination && textField(destination, 'name', 'locode');
  if (inland && textField(destination, 'locode') !== textField(pod, 'locode')) {
    stops.push(place(destination, moment(null, textField(times, 'destinationEtaAt')), null));
    legs.push({
      from: 1,
      to: 2,
      mode: null,
      vessel: null,
      voyage: null,
      departure: null,
      arrival: stops[2]?.arrival ?? null,
    });
  }
  return build(stops, legs, 'shipment');
}

/**
 * Adds the voyage the shipment names to the sea leg of the same vessel (the
 * route names vessels, the shipment the voyage of its discharge leg).
 */
export function withShipmentVoyage(journey: Journey, shipment: Json | undefined): Journey {
  const vessel = asObject(field(shipment, ['vessel'], 0));
  const name = textField(vessel, 'name');
  const voyage = textField(vessel, 'voyage');
  if (!name || !voyage) return journey;
  const legs = journey.legs.map((leg) =>
    leg.voyage === null && leg.vessel?.toUpperCase() === name.toUpperCase()
      ? { ...leg, voyage }
      : leg,
  );
  return { ...journey, legs };
}
