/**
 * Bad arguments never reach the wire: every method checks them first and
 * rejects with an `InvalidArgumentError` that names the argument and the
 * fix, without sending a request or spending a rate-limit slot.
 */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/core/call-names.js';
import {
  APIUserAbortError,
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
  // Paging: an integer within the spec's bounds, never rounded or clamped.
  ['containers.list', 'page', (c) => c.containers.list({ page: -1 })],
  ['containers.list', 'page', (c) => c.containers.list({ page: 0 })],
  ['containers.list', 'page', (c) => c.containers.list({ page: 1.5 })],
  ['containers.list', 'pageSize', (c) => c.containers.list({ pageSize: 500 })],
  ['containers.list', 'pageSize', (c) => c.containers.list({ pageSize: 0 })],
  ['containers.list', 'maxItems', (c) => c.containers.list({ maxItems: 2.5 })],
  // `include` values outside the operation's list, or not a list.
  ['containers.get', 'include', (c) => c.containers.get(ID, { include: ['vessel' as never] })],
  [
    'shipments.list',
    'include',
    (c) => c.shipments.list({ include: 'containers' as unknown as ['containers'] }),
  ],
  [
    'webhookNotifications.get',
    'include',
    (c) => c.webhookNotifications.get(ID, { include: ['shipment' as never] }),
  ],
  // Filter values outside a closed enumeration of the spec, or of the wrong type.
  [
    'containers.list',
    'filter.status',
    (c) => c.containers.list({ filter: { status: 'lost' as never } }),
  ],
  [
    'shipments.list',
    'filter.containerStatus',
    (c) => c.shipments.list({ filter: { containerStatus: 'Available' as never } }),
  ],
  [
    'shipments.list',
    'filter.trackingStopped',
    (c) => c.shipments.list({ filter: { trackingStopped: 'no' as unknown as boolean } }),
  ],
  [
    'trackingRequests.list',
    'filter.requestType',
    (c) => c.trackingRequests.list({ filter: { requestType: 'bol' as never } }),
  ],
  [
    'trackingRequests.list',
    'filter.createdAt.begin',
    (c) => c.trackingRequests.list({ filter: { createdAt: { begin: '2026-01-01' } as never } }),
  ],
  [
    'webhookNotifications.list',
    'filter.deliveryStatus',
    (c) => c.webhookNotifications.list({ filter: { deliveryStatus: 'bounced' as never } }),
  ],
  [
    'webhookNotifications.list',
    'filter.event',
    (c) => c.webhookNotifications.list({ filter: { event: 'container.moved' as never } }),
  ],
  [
    'webhookNotifications.examples',
    'event',
    (c) => c.webhookNotifications.examples('container.moved' as never),
  ],
  ['shippingLines.list', 'q', (c) => c.shippingLines.list({ q: 42 as unknown as string })],
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

  it('sends the bounds themselves: page 1, pageSize 1 and 100', async () => {
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
    await recording.containers.list({ pageSize: 100, page: 1 });
    await recording.containers.list({ pageSize: 1, page: 7 });
    expect(urls.map((url) => decodeURIComponent(new URL(url).search))).toEqual([
      '?page[number]=1&page[size]=100',
      '?page[number]=7&page[size]=1',
    ]);
  });

  it('says what to pass: the allowed values, the bounds, the accepted option keys', async () => {
    const { client } = countingClient();
    const messageOf = (run: () => PromiseLike<unknown>) =>
      Promise.resolve()
        .then(run)
        .then(
          () => '',
          (error: unknown) => (error instanceof Error ? error.message : ''),
        );
    expect(await messageOf(() => client.containers.list({ page: -1 }))).toBe(
      'containers.list: `page` must be an integer 1 or more; got -1. Leave it out for the default. Nothing was sent.',
    );
    expect(await messageOf(() => client.containers.list({ pageSize: 500 }))).toContain(
      'must be an integer from 1 to 100; got 500',
    );
    expect(
      await messageOf(() => client.containers.get(ID, { include: ['vessel' as never] })),
    ).toContain(
      '`include` must be one of "shipment", "pod_terminal", "transport_events"; got "vessel"',
    );
    expect(
      await messageOf(() => client.containers.list({ filter: { status: 'lost' as never } })),
    ).toMatch(/`filter.status` must be one of "new", .*"empty_returned".*; got "lost"/);
    const unknown = { bogusOption: 1 } as Record<string, unknown>;
    expect(await messageOf(() => client.containers.list(unknown))).toBe(
      'containers.list has no option `bogusOption`; it accepts page, pageSize, include, q, filter, maxItems, format, signal, timeoutMs, deadlineMs, maxRetries, headers. Nothing was sent (an option that cannot be honoured is never dropped silently).',
    );
    expect(await messageOf(() => client.webhooks.delete(ID, unknown))).toContain(
      'webhooks.delete has no option `bogusOption`; it accepts format, signal, timeoutMs',
    );
    expect(await messageOf(() => client.search('MAEU', { query: 'x' } as never))).toContain(
      'search has no option `query`',
    );
  });
});

/** Each method called with the options object the test passes and any arguments after it. */
const CALLS: Record<
  string,
  (c: ShiptrackClient, options: object, ...extra: never[]) => PromiseLike<unknown>
> = {
  'shipments.list': (c, o, ...x) => c.shipments.list(o, ...x),
  'shipments.get': (c, o, ...x) => c.shipments.get(ID, o, ...x),
  'shipments.update': (c, o, ...x) => c.shipments.update(ID, { tags: ['a'] }, o, ...x),
  'shipments.stopTracking': (c, o, ...x) => c.shipments.stopTracking(ID, o, ...x),
  'shipments.resumeTracking': (c, o, ...x) => c.shipments.resumeTracking(ID, o, ...x),
  'containers.list': (c, o, ...x) => c.containers.list(o, ...x),
  'containers.get': (c, o, ...x) => c.containers.get(ID, o, ...x),
  'containers.transportEvents': (c, o, ...x) => c.containers.transportEvents(ID, o, ...x),
  'containers.rawEvents': (c, o, ...x) => c.containers.rawEvents(ID, o, ...x),
  'containers.refresh': (c, o, ...x) => c.containers.refresh(ID, o, ...x),
  'containers.route': (c, o, ...x) => c.containers.route(ID, o, ...x),
  'trackingRequests.list': (c, o, ...x) => c.trackingRequests.list(o, ...x),
  'trackingRequests.create': (c, o, ...x) =>
    c.trackingRequests.create(
      { requestType: 'container', requestNumber: 'X1', scac: 'MAEU' },
      o,
      ...x,
    ),
  'trackingRequests.get': (c, o, ...x) => c.trackingRequests.get(ID, o, ...x),
  'trackingRequests.update': (c, o, ...x) =>
    c.trackingRequests.update(ID, { refNumbers: [] }, o, ...x),
  'trackingRequests.inferNumber': (c, o, ...x) => c.trackingRequests.inferNumber('X1', o, ...x),
  'webhooks.list': (c, o, ...x) => c.webhooks.list(o, ...x),
  'webhooks.create': (c, o, ...x) =>
    c.webhooks.create({ url: 'https://hooks.example/x', events: ['container.updated'] }, o, ...x),
  'webhooks.get': (c, o, ...x) => c.webhooks.get(ID, o, ...x),
  'webhooks.delete': (c, o, ...x) => c.webhooks.delete(ID, o, ...x),
  'webhooks.update': (c, o, ...x) => c.webhooks.update(ID, { active: false }, o, ...x),
  'webhooks.events': (c, o, ...x) => c.webhooks.events(o, ...x),
  'webhooks.trigger': (c, o, ...x) =>
    c.webhooks.trigger({ url: 'https://hooks.example/x', event: 'container.updated' }, o, ...x),
  'webhooks.ips': (c, o, ...x) => c.webhooks.ips(o, ...x),
  'webhookNotifications.list': (c, o, ...x) => c.webhookNotifications.list(o, ...x),
  'webhookNotifications.get': (c, o, ...x) => c.webhookNotifications.get(ID, o, ...x),
  'webhookNotifications.examples': (c, o, ...x) =>
    c.webhookNotifications.examples('container.updated', o, ...x),
  'shippingLines.list': (c, o, ...x) => c.shippingLines.list(o, ...x),
  'shippingLines.get': (c, o, ...x) => c.shippingLines.get(ID, o, ...x),
  'ports.get': (c, o, ...x) => c.ports.get('NLRTM', o, ...x),
  'terminals.get': (c, o, ...x) => c.terminals.get(ID, o, ...x),
  'vessels.get': (c, o, ...x) => c.vessels.get('9811000', o, ...x),
  'metroAreas.get': (c, o, ...x) => c.metroAreas.get('DEDUI', o, ...x),
  search: (c, o, ...x) => c.search('MAEU', o, ...x),
};

describe('every operation checks its options from the generated table', () => {
  it('has a call here for every operation of the spec', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.values(CALL_NAMES).sort());
  });

  it.each(Object.keys(CALLS))('%s rejects an unknown option key, naming it', async (call) => {
    const { client, seen } = countingClient();
    const run = CALLS[call];
    if (!run) throw new Error(call);
    const error = await Promise.resolve()
      .then(() => run(client, { bogusOption: 1 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe('bogusOption');
    expect((error as Error).message).toMatch(
      new RegExp(`^${call.replace('.', '\\.')} has no option \`bogusOption\`; it accepts .*signal`),
    );
    expect(seen).toEqual({ requests: 0, slots: 0 });
  });

  it.each(Object.keys(CALLS))(
    '%s rejects request options passed after its options object, saying where they go',
    async (call) => {
      const { client, seen } = countingClient();
      const run = CALLS[call];
      if (!run) throw new Error(call);
      const extra = { signal: new AbortController().signal } as never;
      const error = await Promise.resolve()
        .then(() => run(client, {}, extra))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toBe(
        `${call} takes one options object, its last argument, and reads nothing after it: move \`signal\` into that object (for example { ...options, signal }). Nothing was sent.`,
      );
      expect(seen).toEqual({ requests: 0, slots: 0 });
    },
  );

  it('honours request options inside the options object', async () => {
    const { client, seen } = countingClient();
    const controller = new AbortController();
    controller.abort();
    const error = await client.containers.list({ signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen.requests).toBe(0);
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
