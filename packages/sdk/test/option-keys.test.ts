/**
 * Every operation of the spec is checked from the generated operation
 * table: each method rejects an option key it does not know and request
 * options passed after its options object, before anything is sent, and
 * this file names a call of every operationId (so a new operation cannot
 * go untested).
 */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../src/generated/operations.js';
import { APIUserAbortError, InvalidArgumentError, type ShiptrackClient } from '../src/index.js';
import { countingClient } from './helpers.js';

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

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
