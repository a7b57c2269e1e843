/**
 * Reference lookups and search against the mock, in every format: a record
 * that a relationship points at but that was not included can be fetched.
 * The harness checks every answer against the spec and every mapped model
 * against its schema.
 */
import { describe, expect, it } from 'vitest';
import type { ResponseFormat } from '../src/index.js';
import { useMockService } from './mock-harness.js';

const harness = useMockService();

/** The mapped form of a result in any format. */
function mappedOf<T>(format: ResponseFormat, result: T | { mapped: T }): T {
  return format === 'both' ? (result as { mapped: T }).mapped : (result as T);
}

describe.each(['raw', 'mapped', 'both'] as const)('reference lookups, format %s', (format) => {
  it('fetches the terminal and port of a container that did not include them', async () => {
    harness.renew();
    const client = harness.client();
    const page = await client.containers.list({ pageSize: 5 });
    const container = page.data.find((item) => item.podTerminalId);
    const terminalId = container?.podTerminalId;
    if (!terminalId) throw new Error('the demo data has containers at a terminal');
    expect(container?.podTerminal).toBeUndefined();

    const scoped = harness.client({ format });
    const terminal = await scoped.terminals.get(terminalId);
    if (format === 'mapped' || format === 'both') {
      const mapped = mappedOf(format, terminal as never) as {
        id: string;
        type: string;
        name: unknown;
      };
      expect(mapped).toMatchObject({ id: terminalId, type: 'terminal' });
      expect(typeof mapped.name).toBe('string');
    } else {
      expect(terminal).toMatchObject({ data: { id: terminalId, type: 'terminal' } });
    }
  });

  it('fetches ports and metro areas by id or UN/LOCODE, vessels by id or IMO', async () => {
    harness.renew();
    const mapped = harness.client();
    const client = harness.client({ format: 'both' });
    const shipments = await mapped.shipments.list({ include: ['port_of_discharge'], pageSize: 1 });
    const port = shipments.data[0]?.portOfDischarge;
    if (!port?.code) throw new Error('the demo shipment has a port of discharge');
    const byCode = await client.ports.get(port.code);
    const byId = await client.ports.get(port.id);
    expect(byCode.mapped).toEqual(byId.mapped);
    expect(byCode.mapped).toMatchObject({ id: port.id, code: port.code, type: 'port' });
    expect(typeof byCode.mapped.latitude === 'number' || byCode.mapped.latitude === null).toBe(
      true,
    );

    const events = await mapped.containers.transportEvents(
      (await mapped.containers.list({ pageSize: 1 })).data[0]?.id ?? '',
      { include: ['vessel', 'location'], pageSize: 100 },
    );
    const vessel = events.data.find((event) => event.vessel)?.vessel;
    if (!vessel?.imo) throw new Error('the demo timeline names a vessel with its IMO number');
    const vesselByImo = await client.vessels.get(vessel.imo);
    expect(vesselByImo.mapped).toMatchObject({ id: vessel.id, imo: vessel.imo, type: 'vessel' });
    expect((await client.vessels.get(vessel.id)).raw.data.id).toBe(vessel.id);

    const metroAreaId = await findMetroAreaId();
    const metroArea = await client.metroAreas.get(metroAreaId);
    expect(metroArea.mapped).toMatchObject({ id: metroAreaId, type: 'metro_area' });
    if (!metroArea.mapped.code) throw new Error('the demo metro area has a UN/LOCODE');
    expect((await client.metroAreas.get(metroArea.mapped.code)).mapped.id).toBe(metroAreaId);
  });

  it('gets a shipping line by id', async () => {
    harness.renew();
    const lines = await harness.client().shippingLines.list({ q: 'maersk' });
    const line = lines.data[0];
    if (!line) throw new Error('the demo data lists Maersk');
    const fetched = mappedOf(
      format,
      (await harness.client({ format }).shippingLines.get(line.id)) as never,
    );
    if (format === 'raw') expect(fetched).toMatchObject({ data: { id: line.id } });
    else expect(fetched).toMatchObject({ id: line.id, scac: line.scac, name: line.name });
  });

  it('searches shipments, containers and tracking requests by number', async () => {
    harness.renew();
    const container = (await harness.client().containers.list({ pageSize: 1 })).data[0];
    if (!container?.number) throw new Error('the demo data has containers');
    const results = await harness.client({ format }).search(container.number.slice(0, 8));
    if (format === 'raw') {
      const raw = results as { data: { type: string }[] };
      expect(raw.data.length).toBeGreaterThan(0);
      expect(raw.data.every((item) => item.type === 'search_result')).toBe(true);
    } else {
      const mapped = mappedOf(format, results as never) as {
        id: string;
        entityType: string | null;
      }[];
      expect(mapped.map((item) => item.entityType)).toContain('cargo');
      expect(mapped.find((item) => item.entityType === 'cargo')?.id).toBeDefined();
    }
  });
});

/** The id of the metro area a rail terminal of the demo data serves (a relationship not included). */
async function findMetroAreaId(): Promise<string> {
  for await (const shipment of harness
    .client()
    .shipments.list({ include: ['destination_terminal'], pageSize: 50 })) {
    const terminal = shipment.destinationTerminal;
    if (terminal?.type === 'rail_terminal' && terminal.metroAreaId) return terminal.metroAreaId;
  }
  throw new Error('the demo data has a rail leg to an inland destination');
}
