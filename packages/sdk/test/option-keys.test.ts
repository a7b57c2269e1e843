/**
 * Every operation of the spec is checked from the generated operation
 * table: each method rejects an option key it does not know and request
 * options passed after its options object, before anything is sent, and
 * this file names a call of every operationId (so a new operation cannot
 * go untested).
 */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, type OperationId, operations } from '../src/generated/operations.js';
import { APIUserAbortError, InvalidArgumentError, type ShiptrackClient } from '../src/index.js';
import { countingClient } from './helpers.js';

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

type Run = (c: ShiptrackClient, options: object, ...extra: never[]) => PromiseLike<unknown>;

/**
 * The calls that take more than ids and the options object (a body, a
 * positional value); every other method is called as `method(...ids, options)`,
 * its ids counted from its path, so a plain operation needs no line here.
 */
const SPECIAL: Record<string, Run> = {
  'shipments.update': (c, o, ...x) => c.shipments.update(ID, { tags: ['a'] }, o, ...x),
  'trackingRequests.create': (c, o, ...x) =>
    c.trackingRequests.create(
      { requestType: 'container', requestNumber: 'X1', scac: 'MAEU' },
      o,
      ...x,
    ),
  'trackingRequests.update': (c, o, ...x) =>
    c.trackingRequests.update(ID, { refNumbers: [] }, o, ...x),
  'trackingRequests.inferNumber': (c, o, ...x) => c.trackingRequests.inferNumber('X1', o, ...x),
  'webhooks.create': (c, o, ...x) =>
    c.webhooks.create({ url: 'https://hooks.example/x', events: ['container.updated'] }, o, ...x),
  'webhooks.update': (c, o, ...x) => c.webhooks.update(ID, { active: false }, o, ...x),
  'webhooks.trigger': (c, o, ...x) =>
    c.webhooks.trigger({ url: 'https://hooks.example/x', event: 'container.updated' }, o, ...x),
  'webhookNotifications.examples': (c, o, ...x) =>
    c.webhookNotifications.examples('container.updated', o, ...x),
  'ports.get': (c, o, ...x) => c.ports.get('NLRTM', o, ...x),
  'vessels.get': (c, o, ...x) => c.vessels.get('9811000', o, ...x),
  'metroAreas.get': (c, o, ...x) => c.metroAreas.get('DEDUI', o, ...x),
  search: (c, o, ...x) => c.search('MAEU', o, ...x),
  'containers.update': (c, o, ...x) => c.containers.update(ID, { refNumbers: ['PO-1'] }, o, ...x),
  'shipments.customFields().create': (c, o, ...x) =>
    c.shipments.customFields(ID).create({ apiSlug: 'po', value: 'x' }, o, ...x),
  'shipments.customFields().update': (c, o, ...x) =>
    c.shipments.customFields(ID).update('po', { value: 'x' }, o, ...x),
  'shipments.customFields().delete': (c, o, ...x) =>
    c.shipments.customFields(ID).delete('po', o, ...x),
  'containers.customFields().create': (c, o, ...x) =>
    c.containers.customFields(ID).create({ apiSlug: 'po', value: 'x' }, o, ...x),
  'containers.customFields().update': (c, o, ...x) =>
    c.containers.customFields(ID).update('po', { value: 'x' }, o, ...x),
  'containers.customFields().delete': (c, o, ...x) =>
    c.containers.customFields(ID).delete('po', o, ...x),
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
  'documents.create': (c, o, ...x) =>
    c.documents.create({ name: 'BL', attachedDocument: 'blob-1' }, o, ...x),
  'documents.update': (c, o, ...x) =>
    c.documents.update(ID, { documentTypeManual: 'bill_of_lading' }, o, ...x),
  'documents.rotate': (c, o, ...x) => c.documents.rotate(ID, 90, o, ...x),
  'documentSchemas.get': (c, o, ...x) => c.documentSchemas.get('bill_of_lading', o, ...x),
  'customFieldDefinitions.create': (c, o, ...x) =>
    c.customFieldDefinitions.create(
      { entityType: 'Container', apiSlug: 'po', displayName: 'PO', dataType: 'short_text' },
      o,
      ...x,
    ),
  'customFieldDefinitions.update': (c, o, ...x) =>
    c.customFieldDefinitions.update(ID, { displayName: 'PO' }, o, ...x),
  'customFieldDefinitions.options.create': (c, o, ...x) =>
    c.customFieldDefinitions.options.create(ID, { label: 'A', value: 'a' }, o, ...x),
  'customFieldDefinitions.options.update': (c, o, ...x) =>
    c.customFieldDefinitions.options.update(ID, ID, { label: 'B' }, o, ...x),
  'customFields.create': (c, o, ...x) =>
    c.customFields.create(
      { entity: { type: 'container', id: ID }, apiSlug: 'po', value: 'x' },
      o,
      ...x,
    ),
  'customFields.update': (c, o, ...x) => c.customFields.update(ID, { value: 'x' }, o, ...x),
  'parties.create': (c, o, ...x) => c.parties.create({ companyName: 'ACME' }, o, ...x),
  'parties.update': (c, o, ...x) => c.parties.update(ID, { companyName: 'ACME' }, o, ...x),
};

/** Calls the method named by `call` (`shipments.customFields().list`) with an id per path parameter. */
function plainCall(operationId: OperationId): Run {
  const call = CALL_NAMES[operationId];
  let ids = [...operations[operationId].path.matchAll(/\{[^}]+\}/g)].length;
  return (c, o, ...x) => {
    let owner: unknown = c;
    let member: unknown;
    for (const part of call.split('.')) {
      const name = part.replace('()', '');
      member = (owner as Record<string, unknown>)[name]; // walking the client's own members
      if (typeof member !== 'function' && part !== name) throw new Error(`${call}: no ${name}`);
      if (part !== name && typeof member === 'function') {
        owner = member.call(owner, ID);
        ids -= 1;
      } else if (typeof member === 'object') owner = member;
    }
    if (typeof member !== 'function') throw new Error(`${call} is not a method of the client`);
    return member.call(owner, ...Array.from({ length: ids }, () => ID), o, ...x);
  };
}

/** Each operation's call, by its name (`containers.list`). */
const CALLS: Record<string, Run> = Object.fromEntries(
  (Object.keys(CALL_NAMES) as OperationId[]).map((id) => [
    CALL_NAMES[id],
    SPECIAL[CALL_NAMES[id]] ?? plainCall(id),
  ]),
);

describe('every operation checks its options from the generated table', () => {
  it('has a call for every operation of the spec, and special ones only for real calls', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.values(CALL_NAMES).sort());
    for (const call of Object.keys(SPECIAL)) expect(Object.values(CALL_NAMES)).toContain(call);
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
