/**
 * Bad arguments never reach the wire: every method checks them first and
 * rejects with an `InvalidArgumentError` that names the argument and the
 * fix, without sending a request or spending a rate-limit slot.
 */
import { describe, expect, it } from 'vitest';
import { createClient, InvalidArgumentError, type ShiptrackClient } from '../src/index.js';
import { API_KEY, BASE_URL, countingClient } from './helpers.js';

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
  [
    'trackingRequests.update',
    'changes.refNumbers',
    (c) => c.trackingRequests.update(ID, { refNumbers: ['PO-1', 7 as unknown as string] }),
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
  [
    'customFieldDefinitions.options.create',
    'position',
    (c) => c.customFieldDefinitions.options.create(ID, { label: 'A', value: 'a', position: -1 }),
  ],
  [
    'customFieldDefinitions.options.update',
    'position',
    (c) => c.customFieldDefinitions.options.update(ID, ID, { position: 1.5 }),
  ],
  // A text that may be left out is checked when it is given.
  [
    'customFieldDefinitions.options.update',
    'label',
    (c) => c.customFieldDefinitions.options.update(ID, ID, { label: ' ' }),
  ],
  ['webhooks.update', 'url', (c) => c.webhooks.update(ID, { url: '' })],
  [
    'documents.update',
    'changes.documentTypeManual',
    (c) => c.documents.update(ID, { documentTypeManual: '' }),
  ],
  [
    'trackingRequests.track',
    'scac',
    (c) => c.trackingRequests.track('MAEU240511987', { scac: '' }),
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

describe('filters are typed', () => {
  it('rejects an unknown filter key at compile time', () => {
    const { client } = countingClient();
    const call = () =>
      // @ts-expect-error `updated_after` is not a filter of shipments.list (it is `updatedAfter`).
      client.shipments.list({ filter: { updated_after: '2026-01-01' } });
    expect(call).toBeTypeOf('function');
  });
});
