import { containerCheckDigit } from '@shiptrack/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness, trackingRequestBody } from './harness.js';

function containerNumber(firstTen: string): string {
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

const DAY = 86_400;

/** Tracks a number, then advances a day at a time, recording the container's statuses. */
async function runToEnd(h: Harness, number: string, scac: string) {
  const created = await h.api('POST', '/tracking_requests', {
    body: trackingRequestBody(number, scac),
  });
  await h.advance(60);
  const request = await h.api('GET', `/tracking_requests/${created.body.data.id}`);
  const shipmentId: string = request.body.data.relationships.tracked_object.data.id;
  const shipment = await h.api('GET', `/shipments/${shipmentId}`);
  const containerId: string = shipment.body.data.relationships.containers.data[0].id;
  const statuses: string[] = [];
  const snapshots: Array<{ container: JsonBody; shipment: JsonBody }> = [];
  for (let step = 0; step < 120 && statuses.at(-1) !== 'empty_returned'; step++) {
    const got = await h.api(
      'GET',
      `/containers/${containerId}?include=shipment,pod_terminal,transport_events`,
    );
    const status = got.body.data.attributes.current_status;
    if (statuses.at(-1) !== status) statuses.push(status);
    snapshots.push({
      container: got.body.data,
      shipment: got.body.included.find((r: JsonBody) => r.type === 'shipment'),
    });
    await h.advance(DAY / 2);
  }
  return {
    requestId: created.body.data.id as string,
    shipmentId,
    containerId,
    statuses,
    snapshots,
  };
}

describe('container lifecycle', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  it('moves an ocean container from new to empty_returned and stops line tracking', async () => {
    const run = await runToEnd(h, containerNumber('MSCU123456'), 'MSCU');
    expect(run.statuses).toEqual([
      'new',
      'loaded',
      'on_ship',
      'not_available',
      'available',
      'picked_up',
      'empty_returned',
    ]);

    const atTerminal = run.snapshots.find(
      (s) => s.container.attributes.current_status === 'not_available',
    );
    expect(atTerminal?.container.attributes.holds_at_pod_terminal.length).toBeGreaterThan(0);
    expect(atTerminal?.container.attributes.pickup_lfd).toEqual(expect.any(String));
    expect(atTerminal?.container.attributes.fees_at_pod_terminal.length).toBeGreaterThan(0);

    const shipment = await h.api('GET', `/shipments/${run.shipmentId}`);
    const attributes = shipment.body.data.attributes;
    expect(attributes.line_tracking_stopped_reason).toBe('all_containers_terminated');
    expect(attributes.pod_original_eta_at).not.toBe(attributes.pod_eta_at);
    expect(Date.parse(attributes.pod_ata_at)).toBe(Date.parse(attributes.pod_eta_at));
    const request = await h.api('GET', `/tracking_requests/${run.requestId}`);
    expect(request.body.data.attributes.status).toBe('tracking_stopped');

    const events = await h.api(
      'GET',
      `/containers/${run.containerId}/transport_events?page[size]=100&include=location,terminal,vessel`,
    );
    const names = events.body.data.map((e: JsonBody) => e.attributes.event);
    expect(names).toEqual(
      expect.arrayContaining([
        'container.transport.empty_out',
        'container.transport.full_in',
        'container.transport.vessel_loaded',
        'container.transport.vessel_departed',
        'container.transport.estimated.vessel_arrived',
        'container.transport.vessel_arrived',
        'container.transport.vessel_discharged',
        'container.transport.available',
        'container.transport.full_out',
        'container.transport.empty_in',
      ]),
    );
    const timestamps = events.body.data.map((e: JsonBody) => Date.parse(e.attributes.timestamp));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    const raw = await h.api(
      'GET',
      `/containers/${run.containerId}/raw_events?include=location,vessel`,
    );
    expect(raw.body.data.length).toBeGreaterThan(5);
  });

  it('moves a container by rail to its inland destination (serial 7xx)', async () => {
    const run = await runToEnd(h, containerNumber('HLXU123742'), 'HLCU');
    expect(run.statuses).toEqual([
      'new',
      'loaded',
      'on_ship',
      'awaiting_inland_transfer',
      'on_rail',
      'available',
      'picked_up',
      'empty_returned',
    ]);
    const shipment = await h.api(
      'GET',
      `/shipments/${run.shipmentId}?include=destination,destination_terminal`,
    );
    expect(shipment.body.data.attributes.destination_locode).toMatch(/^US(CHI|DAL|MEM|ATL)$/);
    expect(shipment.body.included.map((r: JsonBody) => r.type).sort()).toEqual([
      'metro_area',
      'rail_terminal',
    ]);
    const container = await h.api('GET', `/containers/${run.containerId}`);
    expect(container.body.data.attributes).toMatchObject({
      pod_rail_carrier_scac: expect.any(String),
      ind_ata_at: expect.any(String),
      final_destination_full_out_at: expect.any(String),
      import_deadlines: { pickup_lfd_rail: expect.any(String) },
    });
  });

  it('gives the same shipment for the same number on every run', async () => {
    const first = await runToEnd(h, containerNumber('MSCU654321'), 'MSCU');
    const other = inProcessHarness({ dataset: 'empty' });
    try {
      const second = await runToEnd(other, containerNumber('MSCU654321'), 'MSCU');
      expect(second.snapshots.at(-1)).toEqual(first.snapshots.at(-1));
    } finally {
      await other.close();
    }
  });
});
