/**
 * How the simulated carrier words each milestone on its own pages: the raw
 * event behind every transport event. Raw events are derived from transport
 * events (same time, place and vessel), so they cost no memory of their own.
 */

/** A raw event's normalized name, the carrier's text, and whether it is an estimate. */
export interface RawEventWording {
  readonly event: string;
  readonly original: string;
  readonly estimated: boolean;
}

const actual = (event: string, original: string): RawEventWording => ({
  event,
  original,
  estimated: false,
});
const estimate = (event: string, original: string): RawEventWording => ({
  event,
  original,
  estimated: true,
});

const WORDING: Readonly<Record<string, RawEventWording>> = {
  'container.transport.empty_out': actual('empty_out', 'Gate out empty for stuffing'),
  'container.transport.full_in': actual('full_in', 'Gate in full'),
  'container.transport.vessel_loaded': actual('vessel_loaded', 'Loaded on vessel'),
  'container.transport.vessel_departed': actual('vessel_departed', 'Vessel departure'),
  'container.transport.vessel_arrived': actual('vessel_arrived', 'Vessel arrival'),
  'container.transport.vessel_discharged': actual('vessel_discharged', 'Discharged from vessel'),
  'container.transport.available': actual('available', 'Available for delivery'),
  'container.transport.full_out': actual('full_out', 'Gate out full'),
  'container.transport.empty_in': actual('empty_in', 'Gate in empty'),
  'container.transport.rail_loaded': actual('rail_loaded', 'Loaded on rail'),
  'container.transport.rail_departed': actual('rail_departed', 'Rail departure'),
  'container.transport.rail_arrived': actual('rail_arrived', 'Rail arrival at destination'),
  'container.transport.rail_unloaded': actual('rail_unloaded', 'Unloaded from rail'),
  'container.transport.arrived_at_inland_destination': actual(
    'arrived_at_destination',
    'Arrived at final destination',
  ),
  'container.transport.estimated.vessel_departed': estimate(
    'vessel_departed',
    'Estimated vessel departure',
  ),
  'container.transport.estimated.vessel_arrived': estimate(
    'vessel_arrived',
    'Estimated vessel arrival',
  ),
  'container.transport.estimated.arrived_at_inland_destination': estimate(
    'arrived_at_destination',
    'Estimated arrival at destination',
  ),
};

/** The carrier's wording of a transport event (a generic one for names the simulation never writes). */
export function rawEventWording(transportEvent: string): RawEventWording {
  return (
    WORDING[transportEvent] ??
    actual(transportEvent.replace('container.transport.', ''), transportEvent)
  );
}
