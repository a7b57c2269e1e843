/**
 * The situations the demo data shows a coordinator, at start and on the
 * clock (README "Demo data"): a shipment rolled to a later vessel before
 * loading (its ETA slipped against the first one), another rolled half a
 * day after start, customs holds that appear at a discharge and clear at
 * the release, and a failed tracking request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness } from './harness.js';

const HOUR = 3_600;
const DAY = 24 * HOUR;

let h: Harness;
beforeEach(() => {
  h = inProcessHarness();
});
afterEach(() => h.close());

async function shipment(number: string): Promise<JsonBody> {
  const found = await h.api('GET', `/shipments?number=${number}&include=containers`);
  expect(found.body.data, number).toHaveLength(1);
  return found.body;
}

/** The vessels a container's events name, in the order they were reported, with the event. */
async function vesselsOfEvents(containerId: string): Promise<Array<[string, string]>> {
  const events = await h.api(
    'GET',
    `/containers/${containerId}/transport_events?include=vessel&page[size]=100`,
  );
  const names = new Map<string, string>(
    (events.body.included ?? [])
      .filter((record: JsonBody) => record.type === 'vessel')
      .map((vessel: JsonBody) => [vessel.id, vessel.attributes.name]),
  );
  return events.body.data.flatMap((event: JsonBody) => {
    const vessel = event.relationships.vessel?.data?.id;
    return vessel ? [[event.attributes.event, names.get(vessel) ?? vessel]] : [];
  });
}

describe('demo situations', () => {
  it('starts with a shipment rolled before loading: on another vessel, two days later than first reported', async () => {
    const doc = await shipment('MEDUQ4821563');
    const attributes = doc.data[0].attributes;
    expect(attributes).toMatchObject({
      pod_vessel_name: 'OOCL HONG KONG',
      pod_voyage_number: '921E',
      pod_original_eta_at: '2025-03-07T00:00:00Z',
      pod_eta_at: '2025-03-09T00:00:00Z',
      pod_ata_at: null,
    });
    const containerId = doc.data[0].relationships.containers.data[0].id;
    // In the order they happened: the first report named the first-booked vessel; the roll, the next.
    expect(await vesselsOfEvents(containerId)).toEqual([
      ['container.transport.empty_out', 'EVER GIVEN'],
      ['container.transport.full_in', 'EVER GIVEN'],
      ['container.transport.vessel_loaded', 'OOCL HONG KONG'],
      ['container.transport.estimated.vessel_departed', 'EVER GIVEN'],
      ['container.transport.estimated.vessel_departed', 'OOCL HONG KONG'],
      ['container.transport.vessel_departed', 'OOCL HONG KONG'],
      ['container.transport.estimated.vessel_arrived', 'OOCL HONG KONG'],
    ]);
  });

  it('rolls the pending request shipment to another vessel half a day after its first report', async () => {
    await h.advance(12 * HOUR);
    const before = (await shipment('MSCU911025581')).data[0].attributes;
    expect(before).toMatchObject({
      pod_vessel_name: 'CMA CGM JACQUES SAADE',
      pod_eta_at: '2025-03-14T06:01:00Z',
      pod_original_eta_at: '2025-03-14T06:01:00Z',
    });
    await h.advance(HOUR);
    const doc = await shipment('MSCU911025581');
    expect(doc.data[0].attributes).toMatchObject({
      pod_vessel_name: 'HMM ALGECIRAS',
      pod_eta_at: '2025-03-16T06:01:00Z',
      pod_original_eta_at: '2025-03-14T06:01:00Z',
    });
    const containerId = doc.data[0].relationships.containers.data[0].id;
    expect(await vesselsOfEvents(containerId)).toEqual([
      ['container.transport.empty_out', 'CMA CGM JACQUES SAADE'],
      ['container.transport.full_in', 'CMA CGM JACQUES SAADE'],
      ['container.transport.estimated.vessel_departed', 'CMA CGM JACQUES SAADE'],
      ['container.transport.estimated.vessel_departed', 'HMM ALGECIRAS'],
      ['container.transport.estimated.vessel_arrived', 'HMM ALGECIRAS'],
    ]);
  });

  it('shows customs holds that clear at the release, and appear at the next discharge', async () => {
    const holdsOf = async (number: string) => {
      const doc = await shipment(number);
      return (doc.included ?? [])
        .filter((record: JsonBody) => record.type === 'container')
        .map((container: JsonBody) =>
          container.attributes.holds_at_pod_terminal
            .filter((hold: JsonBody) => hold.status === 'hold')
            .map((hold: JsonBody) => hold.name),
        );
    };
    expect(await holdsOf('241038926')).toEqual([['customs'], ['customs']]);
    await h.advance(18 * HOUR);
    expect(await holdsOf('241038926')).toEqual([[], []]);
    expect(await holdsOf('MEDUQ4821563')).toEqual([[], [], []]);
    // MEDUQ4821563 is discharged at 12:00 UTC on March 10, released a day later.
    await h.advance(
      Date.parse('2025-03-10T13:00:00Z') / 1000 - Date.parse('2025-03-01T18:00:00Z') / 1000,
    );
    expect(await holdsOf('MEDUQ4821563')).toEqual([['customs'], ['customs'], ['customs']]);
    await h.advance(DAY);
    expect(await holdsOf('MEDUQ4821563')).toEqual([[], [], []]);
  });

  it('has a request that failed three hours before start', async () => {
    const failed = await h.api('GET', '/tracking_requests?filter[status]=failed');
    expect(
      failed.body.data.map((r: JsonBody) => [
        r.attributes.request_number,
        r.attributes.failed_reason,
        r.attributes.updated_at,
      ]),
    ).toEqual([['TGHU8812349', 'invalid_number', '2025-02-28T21:00:00Z']]);
  });
});
