/**
 * One sample world: the mock's sample deliveries and the SDK's
 * (`createSampleWebhookPayload`) describe the same journey, records and
 * changes for every event, and the world's places are the mock's own
 * catalogue records, served by its reference routes.
 */
import { createSampleWebhookPayload, SAMPLE_WORLD } from '@shiptrack/sdk/testing';
import { parseWebhookEvent, WEBHOOK_EVENT_NAMES, type WebhookEvent } from '@shiptrack/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { sampleDelivery } from '../src/engine/webhooks/samples.js';
import { type RunningMockServer, startMockServer } from '../src/index.js';

/** What a delivery says about the world: its records by id, the numbers, places and changes. */
function worldOf(event: WebhookEvent) {
  const id = (record: { id: string } | undefined) => record?.id;
  // Which other records ride along may differ (the service varies it too); the records read do not.
  const base = { reference: [event.referenceObjectType, event.referenceObjectId] };
  switch (event.family) {
    case 'tracking_request':
      return {
        ...base,
        trackingRequest: event.trackingRequest?.attributes.request_number,
        billOfLading: event.shipment?.attributes.bill_of_lading_number,
        containers: event.containers.map((container) => container.attributes.number),
      };
    case 'container_transport':
      return {
        ...base,
        container: [id(event.container), event.container?.attributes.number],
        location: [id(event.location), event.location?.attributes?.code],
        terminal: [id(event.terminal), event.terminal?.attributes?.name],
        at: [
          event.transportEvent?.attributes.location_locode,
          event.transportEvent?.attributes.timezone,
          event.transportEvent?.attributes.voyage_number,
        ],
      };
    case 'container_change':
      return {
        ...base,
        container: [id(event.container), event.container?.attributes.number],
        shipment: id(event.shipment),
        terminal: id(event.terminal),
        changes: event.changes,
      };
    case 'shipment_estimate':
      return {
        ...base,
        shipment: event.shipment?.attributes.bill_of_lading_number,
        port: [id(event.port), event.port?.attributes.code],
        estimate: event.estimatedEvent?.attributes.estimated_timestamp,
      };
    default:
      return base;
  }
}

describe('one sample world for the mock and the SDK', () => {
  it.each(WEBHOOK_EVENT_NAMES)('describes %s alike in the mock and the SDK', (name) => {
    const mock = parseWebhookEvent(JSON.stringify(sampleDelivery(name)));
    const sdk = parseWebhookEvent(JSON.stringify(createSampleWebhookPayload(name)));
    expect(worldOf(mock)).toEqual(worldOf(sdk));
  });

  it('tells the world of the table: Shanghai to Los Angeles, on by rail to Chicago', () => {
    const arrived = parseWebhookEvent(
      JSON.stringify(sampleDelivery('container.transport.vessel_arrived')),
    );
    expect(worldOf(arrived)).toMatchObject({
      container: [SAMPLE_WORLD.ids.container, 'CSQU3054383'],
      location: [SAMPLE_WORLD.places.portOfDischarge.id, 'USLAX'],
      terminal: [SAMPLE_WORLD.places.podTerminal.id, 'APM Terminals Pier 400'],
    });
    const inland = parseWebhookEvent(
      JSON.stringify(sampleDelivery('container.transport.rail_arrived')),
    );
    expect(worldOf(inland)).toMatchObject({
      location: [SAMPLE_WORLD.places.metroAreaId, 'USCHI'],
      terminal: [SAMPLE_WORLD.places.railTerminal.id, 'BNSF Logistics Park Chicago'],
      at: ['USCHI', 'America/Chicago', null],
    });
  });
});

describe("the sample world's places are the mock's catalogue", () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, dataset: 'empty' });
  });
  afterAll(() => server.close());

  async function get(path: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(response.status, path).toBe(200);
    const body = (await response.json()) as { data: { attributes: Record<string, unknown> } };
    return body.data.attributes;
  }

  it('serves each port, the metro area, the terminals and the vessel under the ids of the table', async () => {
    const { places, vessel } = SAMPLE_WORLD;
    for (const port of [
      places.portOfLading,
      places.transshipment,
      places.portOfDischarge,
      places.destination,
    ]) {
      expect(await get(`/ports/${port.id}`)).toMatchObject({
        code: port.code,
        name: port.name,
        city: port.city,
        state_abbr: port.stateAbbr,
        country_code: port.countryCode,
        time_zone: port.timeZone,
        latitude: port.latitude,
        longitude: port.longitude,
      });
    }
    expect(await get(`/metro_areas/${places.metroAreaId}`)).toMatchObject({
      code: places.destination.code,
      time_zone: places.destination.timeZone,
    });
    // The API serves no rail terminal; the sample deliveries above include the mock's.
    const terminal = places.podTerminal;
    expect(await get(`/terminals/${terminal.id}`)).toMatchObject({
      name: terminal.name,
      nickname: terminal.nickname,
      firms_code: terminal.firmsCode,
      street: terminal.street,
      city: terminal.city,
      zip: terminal.zip,
    });
    expect(await get(`/vessels/${vessel.id}`)).toMatchObject({
      name: vessel.name,
      imo: vessel.imo,
      mmsi: vessel.mmsi,
      flag: vessel.flag,
    });
  });
});
