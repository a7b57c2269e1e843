/**
 * An inland destination as the service tells it: a rail shipment's
 * `destination` and the `location` of the events at its inland point are
 * metro areas, and the mapped models resolve them. The harness checks every
 * answer against the spec and every mapped model against its schema.
 */
import { describe, expect, it } from 'vitest';
import { fetchTransportEventsSummary, type MappedShipment } from '../src/index.js';
import { useMockService } from './mock-harness.js';

const harness = useMockService();

/** Long enough for the demo rail shipment to reach its inland destination. */
const INLAND_ARRIVAL_SECONDS = 6 * 86_400;

/** The demo shipment that goes on by rail, with its destination and containers included. */
async function railShipment(): Promise<MappedShipment> {
  const shipments = harness
    .client()
    .shipments.list({ include: ['destination', 'containers'], pageSize: 50 });
  for await (const shipment of shipments) if (shipment.destinationLocode) return shipment;
  throw new Error('the demo data has a rail leg to an inland destination');
}

describe('inland destinations', () => {
  it('resolves the metro area of a shipment destination and of the events there', async () => {
    harness.renew();
    await harness.mock.advance(INLAND_ARRIVAL_SECONDS);
    const shipment = await railShipment();
    const area = shipment.destination;
    expect(area).toMatchObject({
      type: 'metro_area',
      id: shipment.destinationId,
      code: shipment.destinationLocode,
      name: shipment.destinationName,
    });
    if (area?.type !== 'metro_area') throw new Error('the destination is a metro area');
    expect(typeof area.latitude).toBe('number');

    const containerId = shipment.containers?.[0]?.id ?? '';
    const client = harness.client();
    const events = await client.containers.transportEvents(containerId, {
      include: ['location'],
      pageSize: 100,
    });
    const at = (name: string) =>
      events.data.find((event) => event.event === `container.transport.${name}`);
    expect(at('rail_arrived')?.location).toEqual(area);
    expect(at('rail_arrived')?.locationId).toBe(area.id);
    expect(at('rail_unloaded')?.location).toEqual(area);
    expect(at('vessel_discharged')?.location).toMatchObject({
      type: 'port',
      code: shipment.portOfDischargeLocode,
    });

    const summary = await fetchTransportEventsSummary(client, containerId);
    const arrived = summary.timeline.find(
      (entry) => entry.event === 'container.transport.arrived_at_inland_destination',
    );
    expect(arrived?.location).toEqual({ name: area.name, locode: area.code });
  });
});
