/**
 * How the mock names the points of a journey, as the real service does: an
 * inland destination (the end of a rail leg) is a metro area, on the
 * shipment's `destination` and on the `location` of the events there; ports
 * stay ports, and a route's stops stay ports (the spec's `route_location`).
 */
import { containerCheckDigit } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, inProcessHarness, type JsonBody, trackingRequestBody } from './harness.js';

const DAY = 86_400;

/** Events that happen at the inland point of a rail move. */
const INLAND_EVENTS = [
  'container.transport.estimated.arrived_at_inland_destination',
  'container.transport.rail_arrived',
  'container.transport.arrived_at_inland_destination',
  'container.transport.rail_unloaded',
  'container.transport.full_out',
  'container.transport.empty_in',
];

/** Events of a rail move at the port of discharge. */
const PORT_EVENTS = [
  'container.transport.vessel_arrived',
  'container.transport.vessel_discharged',
  'container.transport.rail_loaded',
  'container.transport.rail_departed',
];

interface Journey {
  shipmentId: string;
  containerId: string;
}

/** Tracks a container number and runs its journey to the end on the manual clock. */
async function runJourney(h: Harness, firstTen: string, scac: string): Promise<Journey> {
  const number = `${firstTen}${containerCheckDigit(firstTen)}`;
  const created = await h.api('POST', '/tracking_requests', {
    body: trackingRequestBody(number, scac),
  });
  await h.advance(60);
  const request = await h.api('GET', `/tracking_requests/${created.body.data.id}`);
  const shipmentId: string = request.body.data.relationships.tracked_object.data.id;
  await h.advance(90 * DAY);
  const shipment = await h.api('GET', `/shipments/${shipmentId}`);
  return { shipmentId, containerId: shipment.body.data.relationships.containers.data[0].id };
}

/** The included resource a relationship points to. */
function includedOf(document: JsonBody, ref: { type: string; id: string }): JsonBody {
  return document.included.find((r: JsonBody) => r.type === ref.type && r.id === ref.id);
}

describe('inland destinations are metro areas', () => {
  let h: Harness;
  let rail: Journey;
  let ocean: Journey;
  beforeAll(async () => {
    h = inProcessHarness({ dataset: 'empty' });
    rail = await runJourney(h, 'HLXU123742', 'HLCU');
    ocean = await runJourney(h, 'MSCU123456', 'MSCU');
  });
  afterAll(() => h.close());

  it("names a rail shipment's destination by its metro area and includes it", async () => {
    const shipment = await h.api(
      'GET',
      `/shipments/${rail.shipmentId}?include=destination,port_of_discharge`,
    );
    const { relationships, attributes } = shipment.body.data;
    expect(relationships.destination.data.type).toBe('metro_area');
    const area = includedOf(shipment.body, relationships.destination.data);
    expect(area.attributes).toMatchObject({
      code: attributes.destination_locode,
      name: attributes.destination_name,
      time_zone: attributes.destination_timezone,
    });
    expect((await h.api('GET', `/metro_areas/${area.id}`)).body.data).toEqual(area);
    expect(relationships.port_of_discharge.data.type).toBe('port');
    expect(includedOf(shipment.body, relationships.port_of_discharge.data).type).toBe('port');
  });

  it('names the location of the events at the inland point by its metro area', async () => {
    const events = await h.api(
      'GET',
      `/containers/${rail.containerId}/transport_events?page[size]=100&include=location`,
    );
    const byName = new Map<string, JsonBody>(
      events.body.data.map((e: JsonBody) => [e.attributes.event, e]),
    );
    for (const name of INLAND_EVENTS) {
      const event = byName.get(name);
      expect(event?.relationships.location.data.type, name).toBe('metro_area');
      const area = includedOf(events.body, event.relationships.location.data);
      expect(area.attributes.code, name).toBe(event.attributes.location_locode);
    }
    for (const name of PORT_EVENTS) {
      const event = byName.get(name);
      expect(event?.relationships.location.data.type, name).toBe('port');
      const port = includedOf(events.body, event.relationships.location.data);
      expect(port.attributes.code, name).toBe(event.attributes.location_locode);
    }
  });

  it('names the location of the raw events at the inland point by its metro area', async () => {
    const raw = await h.api(
      'GET',
      `/containers/${rail.containerId}/raw_events?page[size]=100&include=location`,
    );
    const types = new Map<string, string>();
    for (const event of raw.body.data) {
      const ref = event.relationships.location.data;
      const place = includedOf(raw.body, ref);
      expect(place.attributes.code).toBe(event.attributes.location_locode);
      expect(place.attributes.name).toBe(event.attributes.location_name);
      types.set(event.attributes.location_locode, ref.type);
    }
    const shipment = await h.api('GET', `/shipments/${rail.shipmentId}`);
    const { destination_locode, port_of_discharge_locode } = shipment.body.data.attributes;
    expect(types.get(destination_locode)).toBe('metro_area');
    expect(types.get(port_of_discharge_locode)).toBe('port');
  });

  it("keeps a rail route's inland stop a port, as the spec's route_location has it", async () => {
    const route = await h.api('GET', `/containers/${rail.containerId}/route`);
    const stops = route.body.included.filter((r: JsonBody) => r.type === 'route_location');
    expect(stops.map((s: JsonBody) => s.relationships.location.data.type)).toEqual([
      'port',
      'port',
      'port',
    ]);
  });

  it('keeps ports for a shipment that ends at its port of discharge', async () => {
    const shipment = await h.api('GET', `/shipments/${ocean.shipmentId}?include=destination`);
    expect(shipment.body.data.relationships.destination.data).toBeNull();
    const events = await h.api(
      'GET',
      `/containers/${ocean.containerId}/transport_events?page[size]=100&include=location`,
    );
    expect(events.body.data.length).toBeGreaterThan(5);
    for (const event of events.body.data) {
      expect(event.relationships.location.data.type, event.attributes.event).toBe('port');
    }
    expect(new Set(events.body.included.map((r: JsonBody) => r.type))).toEqual(new Set(['port']));
  });
});
