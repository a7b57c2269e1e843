/**
 * The SDK reads what the real service sends: every response of the
 * tolerance corpus (test-support/tolerance-corpus.ts) goes through the
 * client over msw, its mapped output conforms to the schemas, and nothing
 * is lost: every attribute and relationship of `data` and `included` is in
 * the mapped output with its value as sent (coordinates as numbers).
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CorpusResponse, TOLERANCE_CORPUS } from '../../../test-support/tolerance-corpus.js';
import type {
  ContainerStatus,
  MappedContainer,
  MappedShipment,
  OpenEnum,
  ShiptrackClient,
} from '../src/index.js';
import { checkMappedConformance } from './conformance.js';
import { BASE_URL, testClient, useMswServer } from './helpers.js';

const server = useMswServer();

type Json = Record<string, unknown>;
type Resource = { id: string; type: string; attributes?: Json; relationships?: Json };

/** snake_case to camelCase, written here again so the check does not trust the SDK's own. */
const camel = (key: string) => key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const camelKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelKeys(v)]));
};
const asNumber = (value: unknown) => (typeof value === 'string' ? Number(value) : value);
const at =
  (...path: string[]) =>
  (mapped: unknown) =>
    path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], mapped);

/** Where the SDK puts the attributes it builds (grouped, renamed or converted), and the value it gives them. */
const BUILT: Record<
  string,
  Record<string, [read: (mapped: unknown) => unknown, expected?: (value: unknown) => unknown]>
> = {
  container: {
    number: [at('number')],
    current_status: [at('status')],
    equipment_type: [at('equipment', 'type')],
    equipment_length: [at('equipment', 'length'), asNumber],
    equipment_height: [at('equipment', 'height')],
    location_at_pod_terminal: [at('location', 'currentLocation')],
    available_for_pickup: [at('location', 'availableForPickup')],
    pod_arrived_at: [at('location', 'podArrivedAt')],
    pod_discharged_at: [at('location', 'podDischargedAt')],
    pickup_lfd: [at('demurrage', 'pickupLfd')],
    holds_at_pod_terminal: [at('demurrage', 'holds')],
    fees_at_pod_terminal: [at('demurrage', 'fees')],
  },
  shipment: { bill_of_lading_number: [at('billOfLading')] },
  port: { latitude: [at('latitude'), asNumber], longitude: [at('longitude'), asNumber] },
  metro_area: { latitude: [at('latitude'), asNumber], longitude: [at('longitude'), asNumber] },
  vessel: {
    latitude: [at('latitude'), asNumber],
    longitude: [at('longitude'), asNumber],
    nautical_speed_knots: [at('nauticalSpeedKnots'), asNumber],
    navigational_heading_degrees: [at('navigationalHeadingDegrees'), asNumber],
  },
  search_result: { entity_type: [at('entityType')] },
};

/** The member name of an attribute that the SDK copies as sent (`id` and `type` attributes are renamed). */
function memberOf(key: string): string {
  const name = camel(key);
  return name === 'id' || name === 'type' ? `${name}Attribute` : name;
}

/**
 * Checks that a mapped model holds every attribute and relationship of its
 * raw resource, and recurses into the related records it embeds. Returns
 * the `type:id` of every record it checked.
 */
function expectNothingLost(raw: Resource, mapped: unknown, seen = new Set<string>()): Set<string> {
  seen.add(`${raw.type}:${raw.id}`);
  const model = mapped as Json;
  expect(model).toMatchObject({ id: raw.id, type: raw.type });
  for (const [key, value] of Object.entries(raw.attributes ?? {})) {
    const built = BUILT[raw.type]?.[key];
    const [read, expected] = built ?? [at(memberOf(key)), undefined];
    const want = expected ? expected(value) : camelKeys(value);
    expect(read(model), `${raw.type}.${key}`).toEqual(want);
  }
  for (const [name, relationship] of Object.entries(raw.relationships ?? {})) {
    const data = (relationship as { data?: unknown }).data;
    const member = camel(name);
    if (Array.isArray(data)) {
      const idsKey = `${member.endsWith('s') ? member.slice(0, -1) : member}Ids`;
      expect(model[idsKey], `${raw.type}.${name}`).toEqual(data.map((item: Resource) => item.id));
      const related = model[member];
      if (Array.isArray(related)) {
        related.forEach((item, i) => {
          const target = included.get(`${(data[i] as Resource).type}:${(data[i] as Resource).id}`);
          if (target && !seen.has(`${target.type}:${target.id}`))
            expectNothingLost(target, item, seen);
        });
      }
    } else {
      const identifier = data as Resource | null;
      expect(model[`${member}Id`], `${raw.type}.${name}`).toBe(identifier?.id ?? null);
      const related = model[member];
      const target = identifier && included.get(`${identifier.type}:${identifier.id}`);
      if (target && related && !seen.has(`${target.type}:${target.id}`)) {
        expectNothingLost(target, related, seen);
      }
    }
  }
  if ('links' in raw) expect(model.links).toEqual((raw as { links: unknown }).links);
  return seen;
}

/** The `included` records of the document under test, by `type:id`. */
let included = new Map<string, Resource>();

/** Calls the client method that asks for a corpus response; resolves to `{ raw, mapped }` pairs. */
async function call(client: ShiptrackClient<'both'>, entry: CorpusResponse) {
  const [path = ''] = entry.path.split('?');
  const segments = path.split('/').filter(Boolean);
  const id = segments[1] ?? '';
  const pairs = (items: { raw: unknown; mapped: unknown }[]) => items;
  switch (segments[0]) {
    case 'shipments':
      return pairs((await client.shipments.list({ pageSize: 1 })).data);
    case 'containers':
      if (segments[2] === 'transport_events')
        return pairs((await client.containers.transportEvents(id)).data);
      if (segments[2] === 'raw_events') return pairs((await client.containers.rawEvents(id)).data);
      return [await client.containers.get(id, { include: ['shipment', 'pod_terminal'] })];
    case 'tracking_requests':
      return pairs((await client.trackingRequests.list({ filter: { scac: 'CMDU' } })).data);
    case 'search': {
      const { raw, mapped } = await client.search('AMC18');
      return raw.data.map((item, i) => ({ raw: item, mapped: mapped[i] }));
    }
    case 'vessels':
      return [await client.vessels.get(id)];
    case 'ports':
      return [await client.ports.get(id)];
    case 'terminals':
      return [await client.terminals.get(id)];
    case 'metro_areas':
      return [await client.metroAreas.get(id)];
    case 'shipping_lines':
      return pairs((await client.shippingLines.list({ pageSize: 1 })).data);
    default:
      throw new Error(`no client call for ${entry.path}`);
  }
}

function serve(entry: CorpusResponse, body: Json = entry.body) {
  const [path = ''] = entry.path.split('?');
  server.use(http.get(`${BASE_URL}${path}`, () => HttpResponse.json(body)));
}

describe('the SDK reads real responses', () => {
  it.each(TOLERANCE_CORPUS.map((entry) => [entry.name, entry] as const))(
    'maps %s with nothing lost',
    async (_, entry) => {
      serve(entry);
      const body = entry.body as { data: Resource | Resource[]; included?: Resource[] };
      included = new Map((body.included ?? []).map((item) => [`${item.type}:${item.id}`, item]));
      const results = await call(testClient({ format: 'both' }), entry);
      const seen = new Set<string>();
      for (const { raw, mapped } of results) {
        const resource =
          'data' in (raw as Json) ? (raw as { data: Resource }).data : (raw as Resource);
        expectNothingLost(resource, mapped, seen);
      }
      // Every included record was found, embedded where its relationship points.
      for (const key of included.keys()) expect(seen, key).toContain(key);
      // And every model conforms to its schema.
      const [path = ''] = entry.path.split('?');
      expect(checkMappedConformance('GET', `${BASE_URL}${path}`, entry.body).problems).toEqual([]);
    },
  );
});

describe('a change on the wire shows up as sent, and the types say so', () => {
  const containerEntry = TOLERANCE_CORPUS.find(
    (entry) => entry.path.startsWith('/containers/') && !entry.path.includes('events'),
  );
  if (!containerEntry) throw new Error('the corpus has a container');
  const document = containerEntry.body as {
    data: Resource & { attributes: Json };
    included: Resource[];
  };
  const id = document.data.id;

  it('keeps an unknown status, hold status and fee type as they were sent', async () => {
    serve(containerEntry);
    const container = await testClient().containers.get(id);
    expect(container.status).toBe('at_sea_delayed');
    expect(container.demurrage.holds?.[1]).toMatchObject({
      status: 'released_pending',
      since: '2026-03-02',
    });
    expect(container.demurrage.fees?.[1]).toMatchObject({
      type: 'storage_surcharge',
      amount: 75.5,
    });
    expectTypeOf(container).toEqualTypeOf<MappedContainer>();
    expectTypeOf(container.status).toEqualTypeOf<OpenEnum<ContainerStatus> | null>();
  });

  it('gives null for a member it builds, and leaves out an attribute that was not sent', async () => {
    const {
      current_status: _status,
      holds_at_pod_terminal: _holds,
      ...attributes
    } = document.data.attributes;
    const [shipment, ...rest] = document.included as (Resource & { attributes: Json })[];
    if (!shipment) throw new Error('the container document includes its shipment');
    const { pod_eta_at: _eta, ...shipmentAttributes } = shipment.attributes;
    serve(containerEntry, {
      ...document,
      data: { ...document.data, attributes },
      included: [{ ...shipment, attributes: shipmentAttributes }, ...rest],
    });
    const container = await testClient().containers.get(id, { include: ['shipment'] });
    expect(container.status).toBeNull();
    expect(container.demurrage.holds).toBeNull();
    expect(container.shipment).not.toHaveProperty('podEtaAt');
    expectTypeOf(container.demurrage.holds).toEqualTypeOf<MappedContainer['demurrage']['holds']>();
    expectTypeOf<MappedShipment['podEtaAt']>().toEqualTypeOf<string | null | undefined>();
  });

  it('finds a mapped model that does not match its schema (the check is not vacuous)', () => {
    const broken = structuredClone(document);
    broken.data.attributes.weight_in_lbs = 'heavy';
    const { problems } = checkMappedConformance('GET', `${BASE_URL}/containers/${id}`, broken);
    expect(problems.join('\n')).toContain('weightInLbs');
  });
});
