/**
 * Reference lookups over real HTTP, every answer validated against the spec
 * by the harness: a relationship that was not included can be fetched by its
 * id (ports and metro areas by UN/LOCODE too, vessels by IMO number), and
 * bad ids are 404s that say what to send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, httpHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await httpHarness({ rateLimits: false });
});
afterAll(() => h.close());

/** The id a relationship of the first record of a list points at. */
async function relatedId(path: string, relationship: string): Promise<string> {
  const list = await h.api('GET', path);
  const data = Array.isArray(list.body.data) ? list.body.data : [list.body.data];
  const found = data
    .map((record: { relationships?: Record<string, { data: { id: string } | null }> }) => {
      return record.relationships?.[relationship]?.data?.id;
    })
    .find((id: string | undefined) => id !== undefined);
  if (found === undefined) throw new Error(`no ${relationship} in ${path}`);
  return found;
}

/** A 404 and its detail. */
async function notFound(path: string): Promise<string> {
  const response = await h.api('GET', path);
  expect(response.status, path).toBe(404);
  return response.body.errors[0].detail as string;
}

describe('ports', () => {
  it("fetches a shipment's port of discharge by its id, and by its UN/LOCODE in any case", async () => {
    const id = await relatedId('/shipments', 'port_of_discharge');
    const byId = await h.api('GET', `/ports/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ id, type: 'port' });
    const code = byId.body.data.attributes.code as string;
    for (const key of [code, code.toLowerCase()]) {
      const byCode = await h.api('GET', `/ports/${key}`);
      expect(byCode.status, key).toBe(200);
      expect(byCode.body.data.id).toBe(id);
    }
    expect((await h.api('GET', '/ports/NLRTM')).body.data.attributes).toMatchObject({
      name: 'Rotterdam',
      time_zone: 'Europe/Amsterdam',
    });
  });

  it('answers 404 for an unknown UN/LOCODE or id, and for anything else', async () => {
    expect(await notFound('/ports/ZZZZZ')).toContain('a UN/LOCODE such as NLRTM');
    expect(await notFound('/ports/7d2f0a5e-3c1b-4e8f-9a6d-2b4c6e8f0a1c')).toContain(
      'No port has the id or UN/LOCODE',
    );
    expect(await notFound('/ports/rotterdam')).toContain('"rotterdam"');
  });
});

describe('terminals', () => {
  it("fetches a container's pod_terminal that was not included", async () => {
    const id = await relatedId('/containers', 'pod_terminal');
    const terminal = await h.api('GET', `/terminals/${id}`);
    expect(terminal.status).toBe(200);
    expect(terminal.body.data).toMatchObject({ id, type: 'terminal' });
    expect(terminal.body.data.relationships.port.data.type).toBe('port');
    expect(terminal.body.links.self).toBe(`${h.baseUrl}/terminals/${id}`);
  });

  it('answers 404 for a rail terminal, saying where rail terminals come from', async () => {
    const railId = await relatedId('/shipments?q=HLCUSHA2406731', 'destination_terminal');
    expect(await notFound(`/terminals/${railId}`)).toContain('is a rail terminal');
    expect(await notFound('/terminals/W185')).toContain('No terminal has the id "W185"');
  });
});

describe('metro areas', () => {
  it('fetches the metro area a rail terminal serves, by id and by UN/LOCODE', async () => {
    const shipment = await h.api('GET', '/shipments?q=HLCUSHA2406731&include=destination_terminal');
    const rail = shipment.body.included.find(
      (record: { type: string }) => record.type === 'rail_terminal',
    );
    const id = rail.relationships.metro_area.data.id as string;
    const area = await h.api('GET', `/metro_areas/${id}`);
    expect(area.status).toBe(200);
    expect(area.body.data).toMatchObject({ id, type: 'metro_area' });
    const code = area.body.data.attributes.code as string;
    expect((await h.api('GET', `/metro_areas/${code.toLowerCase()}`)).body.data.id).toBe(id);
    expect((await h.api('GET', '/metro_areas/USCHI')).body.data.attributes).toMatchObject({
      name: 'Chicago',
      state_abbr: 'IL',
      country_code: 'US',
      time_zone: 'America/Chicago',
    });
  });

  it('answers 404 for a place that is not a metro area', async () => {
    expect(await notFound('/metro_areas/NLRTM')).toContain('inland destination such as USCHI');
    expect(await notFound('/metro_areas/chicago')).toContain('"chicago"');
  });
});

describe('vessels', () => {
  it('fetches a vessel by the id of a transport event, and by its IMO number', async () => {
    const container = (await h.api('GET', '/containers')).body.data[0];
    const id = await relatedId(`/containers/${container.id}/transport_events`, 'vessel');
    const vessel = await h.api('GET', `/vessels/${id}`);
    expect(vessel.status).toBe(200);
    const imo = vessel.body.data.attributes.imo as string;
    expect((await h.api('GET', `/vessels/${imo}`)).body.data.id).toBe(id);
    const everGiven = await h.api('GET', '/vessels/9811000');
    expect(everGiven.body.data.attributes).toEqual({
      name: 'EVER GIVEN',
      imo: '9811000',
      mmsi: '353136000',
      flag: 'PA',
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    });
  });

  it('answers 404 for an unknown IMO number and for a number that is not one', async () => {
    expect(await notFound('/vessels/1234567')).toContain('No vessel has the id or IMO number');
    expect(await notFound('/vessels/98110001')).toContain('seven-digit IMO number');
  });
});

describe('shipping lines', () => {
  it('fetches one shipping line by its id', async () => {
    const line = (await h.api('GET', '/shipping_lines?q=MAEU')).body.data[0];
    const one = await h.api('GET', `/shipping_lines/${line.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(line);
  });

  it('answers 404 for a SCAC or an unknown id, pointing at the list', async () => {
    expect(await notFound('/shipping_lines/MAEU')).toContain('List GET /shipping_lines');
    expect(await notFound('/shipping_lines/7d2f0a5e-3c1b-4e8f-9a6d-2b4c6e8f0a1c')).toContain(
      'No shipping line has the id',
    );
  });
});

describe('every lookup', () => {
  it('rejects query parameters (the lookups take none) and other methods', async () => {
    for (const path of [
      '/ports/NLRTM',
      '/terminals/x',
      '/vessels/9811000',
      '/metro_areas/USCHI',
      '/shipping_lines/x',
    ]) {
      const response = await h.api('GET', `${path}?include=port`);
      expect(response.status, path).toBe(400);
      expect(response.body.errors[0].source).toEqual({ parameter: 'include' });
      const post = await fetch(`${h.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: 'Token st_demo_acme_5f2c8e1a9b7d4c36' },
      });
      expect(post.status, path).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});
