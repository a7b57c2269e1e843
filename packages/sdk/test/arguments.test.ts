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
  // The operations of the whole service surface (issue 18).
  ['containers.update', 'id', (c) => c.containers.update('', { refNumbers: [] })],
  [
    'containers.update',
    'changes.refNumbers',
    (c) => c.containers.update(ID, { refNumbers: 'PO-1' as unknown as string[] }),
  ],
  ['containers.map', 'id', (c) => c.containers.map(missing)],
  ['containers.customFields', 'id', (c) => c.containers.customFields('').list()],
  ['shipments.customFields', 'apiSlug', (c) => c.shipments.customFields(ID).delete('')],
  [
    'trackingRequests.customFields',
    'value',
    (c) =>
      c.trackingRequests
        .customFields(ID)
        .create({ apiSlug: 'po', dataType: 'number', value: '4711' as unknown as number }),
  ],
  [
    'vessels.futurePositions',
    'previousPortId',
    (c) => c.vessels.futurePositions(ID, { portId: 'p1' } as never),
  ],
  [
    'vessels.futurePositionsFrom',
    'latitude',
    (c) =>
      c.vessels.futurePositionsFrom(ID, {
        portId: 'p1',
        previousPortId: 'p0',
        latitude: 91,
        longitude: 4,
      }),
  ],
  ['documents.list', 'sort', (c) => c.documents.list({ sort: 'size' as never })],
  ['documents.list', 'include', (c) => c.documents.list({ include: ['containers' as never] })],
  ['documents.list', 'filter.type', (c) => c.documents.list({ filter: { type: 'x' } as never })],
  [
    'documents.create',
    'attachedDocument',
    (c) => c.documents.create({ name: 'BL', attachedDocument: '' }),
  ],
  ['documents.get', 'id', (c) => c.documents.get('')],
  ['documents.update', 'changes', (c) => c.documents.update(ID, {})],
  ['documents.delete', 'id', (c) => c.documents.delete(missing)],
  ['documents.downloadUrl', 'id', (c) => c.documents.downloadUrl('')],
  ['documents.reExtract', 'id', (c) => c.documents.reExtract('')],
  ['documents.reClassify', 'id', (c) => c.documents.reClassify('')],
  ['documents.reLink', 'id', (c) => c.documents.reLink('')],
  ['documents.rotate', 'degrees', (c) => c.documents.rotate(ID, 45 as never)],
  ['documentSchemas.get', 'id', (c) => c.documentSchemas.get('')],
  [
    'emailSubmissions.list',
    'include',
    (c) => c.emailSubmissions.list({ include: ['email' as never] }),
  ],
  ['emailSubmissions.get', 'id', (c) => c.emailSubmissions.get('')],
  [
    'customFieldDefinitions.list',
    'filter.dataType',
    (c) => c.customFieldDefinitions.list({ filter: { dataType: 'text' as never } }),
  ],
  [
    'customFieldDefinitions.create',
    'dataType',
    (c) =>
      c.customFieldDefinitions.create({
        entityType: 'Container',
        apiSlug: 'po',
        displayName: 'PO',
        dataType: 'string' as never,
      }),
  ],
  ['customFieldDefinitions.get', 'id', (c) => c.customFieldDefinitions.get('')],
  [
    'customFieldDefinitions.update',
    'displayName',
    (c) => c.customFieldDefinitions.update(ID, { displayName: '' }),
  ],
  ['customFieldDefinitions.delete', 'id', (c) => c.customFieldDefinitions.delete('')],
  [
    'customFieldDefinitions.options.create',
    'label',
    (c) => c.customFieldDefinitions.options.create(ID, { label: '', value: 'a' }),
  ],
  [
    'customFieldDefinitions.options.get',
    'optionId',
    (c) => c.customFieldDefinitions.options.get(ID, ''),
  ],
  [
    'customFields.create',
    'entity.type',
    (c) =>
      c.customFields.create({
        entity: { type: 'party' as never, id: ID },
        apiSlug: 'po',
        value: 'x',
      }),
  ],
  [
    'customFields.update',
    'value',
    (c) => c.customFields.update(ID, { dataType: 'date', value: '26 Nov 2026' }),
  ],
  ['customFields.get', 'id', (c) => c.customFields.get('')],
  ['customFields.delete', 'id', (c) => c.customFields.delete('')],
  [
    'customFields.list',
    'filter.entityType',
    (c) => c.customFields.list({ filter: { entityType: 'Party' as never } }),
  ],
  ['parties.list', 'pageSize', (c) => c.parties.list({ pageSize: 101 })],
  ['parties.create', 'companyName', (c) => c.parties.create({ companyName: ' ' })],
  ['parties.get', 'id', (c) => c.parties.get('')],
  ['parties.update', 'id', (c) => c.parties.update('', { companyName: 'ACME' })],
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
    const withoutArguments = new Set(['webhooks.events', 'webhooks.ips', 'documents.types']);
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
      'containers.list: `page` must be an integer 1 or more; got -1. Nothing was sent.',
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
  'containers.update': (c, o, ...x) => c.containers.update(ID, { refNumbers: ['PO-1'] }, o, ...x),
  'containers.map': (c, o, ...x) => c.containers.map(ID, o, ...x),
  'shipments.customFields().list': (c, o, ...x) => c.shipments.customFields(ID).list(o, ...x),
  'shipments.customFields().create': (c, o, ...x) =>
    c.shipments.customFields(ID).create({ apiSlug: 'po', value: 'x' }, o, ...x),
  'shipments.customFields().update': (c, o, ...x) =>
    c.shipments.customFields(ID).update('po', { value: 'x' }, o, ...x),
  'shipments.customFields().delete': (c, o, ...x) =>
    c.shipments.customFields(ID).delete('po', o, ...x),
  'containers.customFields().list': (c, o, ...x) => c.containers.customFields(ID).list(o, ...x),
  'containers.customFields().create': (c, o, ...x) =>
    c.containers.customFields(ID).create({ apiSlug: 'po', value: 'x' }, o, ...x),
  'containers.customFields().update': (c, o, ...x) =>
    c.containers.customFields(ID).update('po', { value: 'x' }, o, ...x),
  'containers.customFields().delete': (c, o, ...x) =>
    c.containers.customFields(ID).delete('po', o, ...x),
  'trackingRequests.customFields().list': (c, o, ...x) =>
    c.trackingRequests.customFields(ID).list(o, ...x),
  'trackingRequests.customFields().create': (c, o, ...x) =>
    c.trackingRequests.customFields(ID).create({ apiSlug: 'po', value: 'x' }, o, ...x),
  'trackingRequests.customFields().update': (c, o, ...x) =>
    c.trackingRequests.customFields(ID).update('po', { value: 'x' }, o, ...x),
  'trackingRequests.customFields().delete': (c, o, ...x) =>
    c.trackingRequests.customFields(ID).delete('po', o, ...x),
  'vessels.futurePositions': (c, o, ...x) =>
    c.vessels.futurePositions(ID, { portId: 'p1', previousPortId: 'p0', ...o }, ...x),
  'vessels.futurePositionsFrom': (c, o, ...x) =>
    c.vessels.futurePositionsFrom(
      ID,
      { portId: 'p1', previousPortId: 'p0', latitude: 51.9, longitude: 4.1, ...o },
      ...x,
    ),
  'documents.list': (c, o, ...x) => c.documents.list(o, ...x),
  'documents.create': (c, o, ...x) =>
    c.documents.create({ name: 'BL', attachedDocument: 'blob-1' }, o, ...x),
  'documents.types': (c, o, ...x) => c.documents.types(o, ...x),
  'documents.get': (c, o, ...x) => c.documents.get(ID, o, ...x),
  'documents.update': (c, o, ...x) =>
    c.documents.update(ID, { documentTypeManual: 'bill_of_lading' }, o, ...x),
  'documents.delete': (c, o, ...x) => c.documents.delete(ID, o, ...x),
  'documents.downloadUrl': (c, o, ...x) => c.documents.downloadUrl(ID, o, ...x),
  'documents.reExtract': (c, o, ...x) => c.documents.reExtract(ID, o, ...x),
  'documents.reClassify': (c, o, ...x) => c.documents.reClassify(ID, o, ...x),
  'documents.reLink': (c, o, ...x) => c.documents.reLink(ID, o, ...x),
  'documents.rotate': (c, o, ...x) => c.documents.rotate(ID, 90, o, ...x),
  'documentSchemas.get': (c, o, ...x) => c.documentSchemas.get('bill_of_lading', o, ...x),
  'emailSubmissions.list': (c, o, ...x) => c.emailSubmissions.list(o, ...x),
  'emailSubmissions.get': (c, o, ...x) => c.emailSubmissions.get(ID, o, ...x),
  'customFieldDefinitions.list': (c, o, ...x) => c.customFieldDefinitions.list(o, ...x),
  'customFieldDefinitions.create': (c, o, ...x) =>
    c.customFieldDefinitions.create(
      { entityType: 'Container', apiSlug: 'po', displayName: 'PO', dataType: 'short_text' },
      o,
      ...x,
    ),
  'customFieldDefinitions.get': (c, o, ...x) => c.customFieldDefinitions.get(ID, o, ...x),
  'customFieldDefinitions.update': (c, o, ...x) =>
    c.customFieldDefinitions.update(ID, { displayName: 'PO' }, o, ...x),
  'customFieldDefinitions.delete': (c, o, ...x) => c.customFieldDefinitions.delete(ID, o, ...x),
  'customFieldDefinitions.options.list': (c, o, ...x) =>
    c.customFieldDefinitions.options.list(ID, o, ...x),
  'customFieldDefinitions.options.create': (c, o, ...x) =>
    c.customFieldDefinitions.options.create(ID, { label: 'A', value: 'a' }, o, ...x),
  'customFieldDefinitions.options.get': (c, o, ...x) =>
    c.customFieldDefinitions.options.get(ID, ID, o, ...x),
  'customFieldDefinitions.options.update': (c, o, ...x) =>
    c.customFieldDefinitions.options.update(ID, ID, { label: 'B' }, o, ...x),
  'customFieldDefinitions.options.delete': (c, o, ...x) =>
    c.customFieldDefinitions.options.delete(ID, ID, o, ...x),
  'customFields.list': (c, o, ...x) => c.customFields.list(o, ...x),
  'customFields.create': (c, o, ...x) =>
    c.customFields.create(
      { entity: { type: 'container', id: ID }, apiSlug: 'po', value: 'x' },
      o,
      ...x,
    ),
  'customFields.get': (c, o, ...x) => c.customFields.get(ID, o, ...x),
  'customFields.update': (c, o, ...x) => c.customFields.update(ID, { value: 'x' }, o, ...x),
  'customFields.delete': (c, o, ...x) => c.customFields.delete(ID, o, ...x),
  'parties.list': (c, o, ...x) => c.parties.list(o, ...x),
  'parties.create': (c, o, ...x) => c.parties.create({ companyName: 'ACME' }, o, ...x),
  'parties.get': (c, o, ...x) => c.parties.get(ID, o, ...x),
  'parties.update': (c, o, ...x) => c.parties.update(ID, { companyName: 'ACME' }, o, ...x),
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
    const message = (error as Error).message;
    expect(message.startsWith(`${call} has no option \`bogusOption\`; it accepts `)).toBe(true);
    expect(message).toContain('signal');
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

  it.each([
    [
      'trackingRequests.track',
      (c: ShiptrackClient): Promise<unknown> =>
        c.trackingRequests.track('MAEU1234567', { scak: 'MAEU' } as never),
    ],
    [
      'trackingRequests.waitFor',
      (c: ShiptrackClient): Promise<unknown> =>
        c.trackingRequests.waitFor(ID, { interval: 10 } as never),
    ],
  ] as const)(
    '%s (a helper over several calls) rejects an unknown option key too',
    async (call, run) => {
      const { client, seen } = countingClient();
      const error = await Promise.resolve()
        .then(() => run(client))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toMatch(
        new RegExp(`^${call.replace('.', '\\.')} has no option`),
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
