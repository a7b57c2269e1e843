/**
 * Parties, container edit, the container map (GeoJSON) and vessel future
 * positions over real HTTP, every answer checked against the spec.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { type Harness, httpHarness } from './harness.js';

describe('parties, container edit, maps and vessel positions over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  /** The container and route of the demo shipment on the water. */
  const onTheWater = async () => {
    const shipments = await h.api('GET', '/shipments?number=MEDUQ4821563&include=containers');
    const container = shipments.body.included[0];
    const route = await h.api('GET', `/containers/${container.id}/route`);
    const [lading, discharge] = route.body.included.filter(
      (r: { type: string }) => r.type === 'route_location',
    );
    return {
      containerId: container.id as string,
      vesselId: lading.relationships.outbound_vessel.data.id as string,
      polId: lading.relationships.location.data.id as string,
      podId: discharge.relationships.location.data.id as string,
    };
  };

  it('lists parties by name, creates, renames and refuses blank or taken names', async () => {
    const listed = await h.api('GET', '/parties');
    expect(
      listed.body.data.map(
        (p: { attributes: { company_name: string } }) => p.attributes.company_name,
      ),
    ).toEqual(['Acme Imports B.V.', 'Contoso Retail', 'Northwind Traders']);
    const created = await h.api('POST', '/parties', {
      body: { data: { attributes: { company_name: 'Fabrikam' } } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const renamed = await h.api('PATCH', `/parties/${id}`, {
      body: { data: { type: 'party', attributes: { company_name: 'Fabrikam GmbH' } } },
    });
    expect(renamed.body.data.attributes.company_name).toBe('Fabrikam GmbH');
    expect((await h.api('GET', `/parties/${id}`)).body.data.attributes.company_name).toBe(
      'Fabrikam GmbH',
    );
    const taken = await h.api('POST', '/parties', {
      body: { data: { type: 'party', attributes: { company_name: 'northwind traders' } } },
    });
    expect(taken.body.errors[0]).toMatchObject({
      code: 'taken',
      source: { pointer: '/data/attributes/company_name' },
    });
    const blank = await h.api('POST', '/parties', {
      body: { data: { type: 'party', attributes: { company_name: ' ' } } },
    });
    expect(blank.body.errors[0].code).toBe('blank');
    expect((await h.api('GET', `/parties/${id}`, { apiKey: DEMO_SECOND_API_KEY })).status).toBe(
      404,
    );
  });

  it('edits the reference numbers of a container', async () => {
    const { containerId } = await onTheWater();
    const edited = await h.api('PATCH', `/containers/${containerId}`, {
      body: { data: { type: 'container', attributes: { ref_numbers: ['PO-4711', 'DEL-1'] } } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.ref_numbers).toEqual(['PO-4711', 'DEL-1']);
    const found = await h.api('GET', '/containers?q=PO-4711');
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([containerId]);
    const unknown = await h.api('PATCH', `/containers/${containerId}`, {
      body: { data: { type: 'container', attributes: { seal_number: 'X' } } },
    });
    expect(unknown.body.errors[0].code).toBe('unknown_attribute');
  });

  it('maps a container at sea as GeoJSON, and refuses accounts without routing', async () => {
    const { containerId } = await onTheWater();
    const map = await h.api('GET', `/containers/${containerId}/map_geojson`);
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('application/json');
    expect(map.body.type).toBe('FeatureCollection');
    const kinds = map.body.features.map(
      (f: { properties: { feature_type: string } }) => f.properties.feature_type,
    );
    expect(kinds.filter((k: string) => k === 'port')).toHaveLength(2);
    expect(kinds).toEqual(expect.arrayContaining(['past_path', 'future_path', 'vessel_position']));
    const [lon, lat] = map.body.features[0].geometry.coordinates;
    expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);

    const other = await h.api('GET', '/containers', { apiKey: DEMO_SECOND_API_KEY });
    const refused = await h.api('GET', `/containers/${other.body.data[0].id}/map_geojson`, {
      apiKey: DEMO_SECOND_API_KEY,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('feature_not_enabled');
  });

  it('answers a vessel track one minute apart, from its position or given coordinates', async () => {
    const { vesselId, polId, podId } = await onTheWater();
    const path = `/vessels/${vesselId}/future_positions?port_id=${podId}&previous_port_id=${polId}`;
    const track = await h.api('GET', path);
    expect(track.status).toBe(200);
    const { positions } = track.body.data.attributes;
    expect(positions.length).toBeGreaterThan(1);
    expect(positions.length).toBeLessThanOrEqual(1440);
    expect(Date.parse(positions[1].timestamp) - Date.parse(positions[0].timestamp)).toBe(60_000);

    const fromHere = await h.api(
      'GET',
      `/vessels/${vesselId}/future_positions_with_coordinates?port_id=${podId}&previous_port_id=${polId}&latitude=10.5&longitude=60.25`,
    );
    expect(fromHere.body.data.attributes).toMatchObject({ latitude: 10.5, longitude: 60.25 });

    const reversed = await h.api(
      'GET',
      `/vessels/${vesselId}/future_positions?port_id=${polId}&previous_port_id=${podId}`,
    );
    expect(reversed.status).toBe(404);
    const missing = await h.api('GET', `/vessels/${vesselId}/future_positions?port_id=${podId}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].source.parameter).toBe('previous_port_id');
    const badLatitude = await h.api(
      'GET',
      `/vessels/${vesselId}/future_positions_with_coordinates?port_id=${podId}&previous_port_id=${polId}&latitude=95&longitude=1`,
    );
    expect(badLatitude.body.errors[0].source.parameter).toBe('latitude');
    const refused = await h.api('GET', path, { apiKey: DEMO_SECOND_API_KEY });
    expect(refused.status).toBe(403);
  });
});
