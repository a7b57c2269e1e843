/**
 * Bad arguments never reach the wire: every method checks them first and
 * rejects with an `InvalidArgumentError` that names the argument and the
 * fix, without sending a request or spending a rate-limit slot.
 */
import { describe, expect, it } from 'vitest';
import {
  createClient,
  type FetchLike,
  InvalidArgumentError,
  type RateLimitStore,
  type ShiptrackClient,
} from '../src/index.js';
import { API_KEY, BASE_URL } from './helpers.js';

/** A client whose fetch and rate-limit store count what reaches them. */
function countingClient() {
  const seen = { requests: 0, slots: 0 };
  const fetch: FetchLike = async () => {
    seen.requests++;
    return new Response('{"data":[]}', { headers: { 'content-type': 'application/vnd.api+json' } });
  };
  const store: RateLimitStore = {
    acquire: async () => {
      seen.slots++;
      return { waitMs: 0, release: async () => {} };
    },
  };
  const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, rateLimit: { store } });
  return { client, seen };
}

// Values a JavaScript caller (or a cast) can pass where the types forbid them.
const missing = undefined as unknown as string;
const notText = 12345 as unknown as string;
const nan = Number.NaN;
const unknownFilter = { updated_after: '2026-01-01' } as unknown as Record<string, never>;

type Case = [
  call: string,
  argument: string,
  run: (client: ShiptrackClient) => PromiseLike<unknown>,
];

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

/** One or more bad calls of every method that takes arguments. */
const CASES: Case[] = [
  ['shipments.list', 'filter.updated_after', (c) => c.shipments.list({ filter: unknownFilter })],
  ['shipments.list', 'pageSize', (c) => c.shipments.list({ pageSize: nan })],
  [
    'shipments.list',
    'filter.updatedAfter',
    (c) => c.shipments.list({ filter: { updatedAfter: new Date('nope') } }),
  ],
  ['shipments.get', 'id', (c) => c.shipments.get(missing)],
  ['shipments.get', 'id', (c) => c.shipments.get('')],
  ['shipments.update', 'id', (c) => c.shipments.update('  ', { tags: ['a'] })],
  ['shipments.update', 'changes', (c) => c.shipments.update(ID, {})],
  ['shipments.stopTracking', 'id', (c) => c.shipments.stopTracking(missing)],
  ['shipments.resumeTracking', 'id', (c) => c.shipments.resumeTracking('')],
  ['containers.list', 'filter.updated_after', (c) => c.containers.list({ filter: unknownFilter })],
  ['containers.list', 'page', (c) => c.containers.list({ page: Number.POSITIVE_INFINITY })],
  ['containers.list', 'maxItems', (c) => c.containers.list({ maxItems: -1 })],
  ['containers.get', 'id', (c) => c.containers.get(missing)],
  ['containers.get', 'id', (c) => c.containers.get('')],
  ['containers.transportEvents', 'id', (c) => c.containers.transportEvents('')],
  [
    'containers.transportEvents',
    'pageSize',
    (c) => c.containers.transportEvents(ID, { pageSize: nan }),
  ],
  ['containers.rawEvents', 'id', (c) => c.containers.rawEvents(missing)],
  ['containers.refresh', 'id', (c) => c.containers.refresh('')],
  ['containers.route', 'id', (c) => c.containers.route(missing)],
  [
    'trackingRequests.create',
    'requestNumber',
    (c) =>
      c.trackingRequests.create({ requestType: 'container', requestNumber: notText, scac: 'MAEU' }),
  ],
  [
    'trackingRequests.create',
    'requestType',
    (c) =>
      c.trackingRequests.create({ requestType: 'bol' as never, requestNumber: 'X1', scac: 'MAEU' }),
  ],
  [
    'trackingRequests.create',
    'scac',
    (c) => c.trackingRequests.create({ requestType: 'container', requestNumber: 'X1', scac: '' }),
  ],
  [
    'trackingRequests.list',
    'filter.updated_after',
    (c) => c.trackingRequests.list({ filter: unknownFilter }),
  ],
  [
    'trackingRequests.list',
    'filter.createdAt.start',
    (c) => c.trackingRequests.list({ filter: { createdAt: { start: '' } } }),
  ],
  ['trackingRequests.get', 'id', (c) => c.trackingRequests.get('')],
  ['trackingRequests.update', 'id', (c) => c.trackingRequests.update(missing, { refNumbers: [] })],
  [
    'trackingRequests.update',
    'changes.refNumbers',
    (c) => c.trackingRequests.update(ID, {} as never),
  ],
  ['trackingRequests.inferNumber', 'number', (c) => c.trackingRequests.inferNumber(notText)],
  [
    'trackingRequests.findExisting',
    'requestNumber',
    (c) => c.trackingRequests.findExisting(missing, 'MAEU'),
  ],
  ['trackingRequests.track', 'number', (c) => c.trackingRequests.track(null as unknown as string)],
  [
    'trackingRequests.track',
    'type',
    (c) => c.trackingRequests.track('MAEU1234567', { type: 'box' as never }),
  ],
  ['trackingRequests.waitFor', 'id', (c) => c.trackingRequests.waitFor('')],
  ['webhooks.list', 'pageSize', (c) => c.webhooks.list({ pageSize: nan })],
  [
    'webhooks.create',
    'url',
    (c) => c.webhooks.create({ url: missing, events: ['container.updated'] }),
  ],
  [
    'webhooks.create',
    'events',
    (c) => c.webhooks.create({ url: 'https://hooks.example/x', events: [] }),
  ],
  ['webhooks.get', 'id', (c) => c.webhooks.get('')],
  ['webhooks.update', 'id', (c) => c.webhooks.update('', { active: false })],
  ['webhooks.update', 'events', (c) => c.webhooks.update(ID, { events: [] })],
  ['webhooks.delete', 'id', (c) => c.webhooks.delete(missing)],
  ['webhooks.trigger', 'url', (c) => c.webhooks.trigger({ url: '', event: 'container.updated' })],
  [
    'webhookNotifications.list',
    'filter.updated_after',
    (c) => c.webhookNotifications.list({ filter: unknownFilter }),
  ],
  ['webhookNotifications.get', 'id', (c) => c.webhookNotifications.get('')],
  [
    'webhookNotifications.examples',
    'event',
    (c) => c.webhookNotifications.examples(missing as never),
  ],
  ['shippingLines.list', 'page', (c) => c.shippingLines.list({ page: nan })],
  ['shippingLines.get', 'id', (c) => c.shippingLines.get('')],
  ['ports.get', 'idOrLocode', (c) => c.ports.get('')],
  ['terminals.get', 'id', (c) => c.terminals.get(missing)],
  ['vessels.get', 'idOrImo', (c) => c.vessels.get('')],
  ['metroAreas.get', 'idOrLocode', (c) => c.metroAreas.get(notText)],
  ['search', 'query', (c) => c.search('   ')],
];

describe('arguments are checked before anything is sent', () => {
  it.each(
    CASES.map(([call, argument, run]) => [`${call} (${argument})`, call, argument, run] as const),
  )('%s', async (_, call, argument, run) => {
    const { client, seen } = countingClient();
    const error = await Promise.resolve(run(client)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const invalid = error as InvalidArgumentError;
    expect(invalid.argument).toBe(argument);
    expect(invalid.message).toContain(call);
    expect(invalid.message).toMatch(/Nothing was sent|never dropped/);
    expect(seen).toEqual({ requests: 0, slots: 0 });
  });

  it('covers every method of every resource group', () => {
    const { client } = countingClient();
    const groups = Object.entries(client).filter(
      ([, value]) => typeof value === 'object' && value !== null,
    );
    const methods = groups.flatMap(([group, resource]) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(resource))
        .filter((name) => name !== 'constructor')
        .map((name) => `${group}.${name}`),
    );
    // Methods without arguments have nothing to check.
    const withoutArguments = new Set(['webhooks.events', 'webhooks.ips']);
    const tested = new Set(CASES.map(([call]) => call));
    expect(methods.filter((name) => !withoutArguments.has(name) && !tested.has(name))).toEqual([]);
  });

  it('clamps a finite page size into 1..100 instead of rejecting it', async () => {
    const urls: string[] = [];
    const recording = createClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      rateLimit: false,
      fetch: async (url) => {
        urls.push(url);
        return new Response('{"data":[],"links":{}}');
      },
    });
    await recording.containers.list({ pageSize: 500, page: 0 });
    expect(decodeURIComponent(urls[0] ?? '')).toContain('page[number]=1&page[size]=100');
  });
});

describe('filters are typed', () => {
  it('rejects an unknown filter key at compile time', () => {
    const { client } = countingClient();
    const call = () =>
      // @ts-expect-error `updated_after` is not a filter of shipments.list (it is `updatedAfter`).
      client.shipments.list({ filter: { updated_after: '2026-01-01' } });
    expect(call).toBeTypeOf('function');
  });
});
