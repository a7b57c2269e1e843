/**
 * When a version is dated, against the mock over real HTTP, with the
 * mirror on the mock's clock: a sync dates each REST read when its answer
 * came, so deliveries dated before the read that arrive after it cannot
 * take its place; and a delivery dated far in the future is taken as dated
 * a minute past the receiver's clock, so it neither shadows the record's
 * later versions nor makes the mirror look fresh.
 */
import type { RunningMockServer } from '@shiptrack/mock-server';
import type { FetchLike } from '@shiptrack/sdk';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import { WEBHOOK_EVENT_NAMES, type WebhookRequestHandler } from '@shiptrack/sdk/webhooks';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/database/open.js';
import { createMirror, type Mirror, type MirrorDatabaseOption } from '../src/index.js';
import { type MockClock, mockClock } from './support/clocks.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';
import { type FaultyReceiver, startFaultyReceiver } from './support/faulty-receiver.js';
import {
  setupClient,
  startEmptyMock,
  subscribeMirror,
  syncClient,
} from './support/mock-service.js';
import { restState } from './support/rest-state.js';

const HOUR = 3600;

interface Envelope {
  data: { id: string; attributes: { event: string; created_at: string } };
  included?: Array<{ type: string; attributes?: Record<string, unknown> }>;
}

/** A delivery a receiver held back: its body and headers, to hand to the mirror later. */
interface HeldDelivery {
  readonly createdAt: string;
  readonly body: string;
  readonly headers: Headers;
}

function releases(envelope: Envelope): boolean {
  return (
    envelope.included?.some(
      (record) => record.type === 'container' && record.attributes?.current_status === 'available',
    ) ?? false
  );
}

/** One mock for the file: each test starts with a reset of it. */
let server: RunningMockServer;
beforeAll(async () => {
  server = await startEmptyMock();
});
afterAll(async () => {
  await server?.close();
});

describe.each(TEST_DATABASES)('dates of versions on $name', (database) => {
  let mirror: Mirror | undefined;
  let receiver: FaultyReceiver | undefined;

  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    await mirror?.close();
    mirror = undefined;
  });

  const setup = () => setupClient(server);

  /** A fresh mock account and a mirror on a database of its own, whose sync sends through `fetch`. */
  async function start(
    fetchOf?: FetchLike,
  ): Promise<{ mirror: Mirror; clock: MockClock; option: MirrorDatabaseOption }> {
    const option = await database.fresh();
    mirror = await createMirror({ client: syncClient(server, fetchOf), database: option });
    await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
    return { mirror, clock: await mockClock(server), option };
  }

  it.skipIf(!database.available)(
    'dates a read when its answer came: deliveries held back during a slow read do not revert it',
    async () => {
      // The sync's read of the container is slow: meanwhile a day passes and the box is picked up.
      let slowRead: { id: string; clock: MockClock } | undefined;
      const { mirror: opened, clock } = await start(async (input, init) => {
        const url = String(input);
        if (slowRead !== undefined && url.includes(`/containers/${slowRead.id}`)) {
          await slowRead.clock.advance(28 * HOUR);
          slowRead = undefined;
        }
        return fetch(input, init);
      });
      let handler: WebhookRequestHandler | undefined;
      let secret = '';
      let mode: 'pass' | 'hold' = 'pass';
      const held: HeldDelivery[] = [];
      receiver = await startFaultyReceiver(
        () => async (request) => {
          if (handler === undefined) throw new Error('a delivery came before the webhook existed');
          const body = await request.text();
          const envelope = JSON.parse(body) as Envelope;
          if (mode === 'hold') {
            const createdAt = envelope.data.attributes.created_at;
            held.push({ createdAt, body, headers: request.headers });
            return new Response(null, { status: 500 });
          }
          if (!releases(envelope)) {
            return handler(
              new Request(request.url, { method: 'POST', headers: request.headers, body }),
            );
          }
          // The release comes as the service sends `container.transport.available`: without included.
          mode = 'hold';
          const bare = JSON.stringify({ data: envelope.data });
          const headers = new Headers(request.headers);
          headers.set(WEBHOOK_SIGNATURE_HEADER, await signPayload(bare, secret));
          return handler(new Request(request.url, { method: 'POST', headers, body: bare }));
        },
        () => 'none',
      );
      const webhook = await setup().webhooks.create({
        url: receiver.url,
        events: [...WEBHOOK_EVENT_NAMES],
      });
      secret = String(webhook.data.attributes.secret);
      handler = opened.webhookHandler({ secret, now: clock.now });
      await setup().trackingRequests.create({
        requestType: 'container',
        requestNumber: 'MSCU1234566',
        scac: 'MSCU',
      });
      await clock.advance(HOUR);
      const timing = { now: clock.now, sleep: async () => {} };
      await opened.sync(timing);
      for (let hours = 1; mode === 'pass' && hours < 40 * 24; hours += 1) await clock.advance(HOUR);
      expect(mode, 'the container was released').toBe('hold');
      const [container] = await opened.list('container');
      if (container === undefined) throw new Error('no container');
      expect(container.attributes.current_status, 'the release came without included').not.toBe(
        'available',
      );

      slowRead = { id: container.id, clock };
      // No reconcile pass (it is due): the read of the queued container is the one that is slow.
      await opened.sync({ ...timing, reconcileEveryMs: Number.POSITIVE_INFINITY });
      expect(slowRead, 'the sync read the queued container').toBeUndefined();
      const picked = (await restState(setup(), 'container')).get(container.id);
      expect(picked).toMatchObject({ current_status: 'picked_up' });
      expect((await opened.get('container', container.id))?.attributes).toEqual(picked);

      // The deliveries held back while the read was slow (dated before its answer) arrive now.
      const before = held.filter((delivery) => releasesBody(delivery.body));
      expect(before.length).toBeGreaterThan(0);
      for (const delivery of held) {
        const response = await handler(
          new Request(receiver.url, {
            method: 'POST',
            headers: delivery.headers,
            body: delivery.body,
          }),
        );
        expect(response.status).toBe(200);
      }
      expect((await opened.get('container', container.id))?.attributes).toEqual(
        (await restState(setup(), 'container')).get(container.id),
      );
      const statuses = (await opened.history(container.id))
        .filter((change) => change.attribute === 'current_status')
        .map((change) => change.newValue);
      expect(statuses.slice(statuses.indexOf('picked_up'))).toEqual(['picked_up']);
    },
  );

  it.skipIf(!database.available)(
    'takes a delivery dated in 2099 as dated a minute past the receiver: later versions win, asOf stays',
    async () => {
      const { mirror: opened, clock } = await start();
      receiver = await subscribeMirror(setup(), opened, () => 'none', { now: clock.now });
      await setup().trackingRequests.create({
        requestType: 'container',
        requestNumber: 'MSCU1234566',
        scac: 'MSCU',
      });
      await clock.advance(HOUR);
      const timing = { now: clock.now, sleep: async () => {} };
      await opened.sync(timing);
      const [container] = await opened.list('container');
      if (container === undefined) throw new Error('no container');

      const secret = 'whsec-future';
      const future = deliveryOf('n-2099', '2099-01-01T00:00:00Z', [
        {
          type: 'container',
          id: container.id,
          attributes: { ...container.attributes, current_status: 'from_the_future' },
          relationships: container.relationships,
        },
      ]);
      const answer = await opened.webhookHandler({ secret, now: clock.now })(
        await signedRequest(future, secret),
      );
      expect(answer.status).toBe(200);
      const bound = new Date(clock.now() + 60_000).toISOString();
      expect((await opened.get('container', container.id))?.observedAt).toBe(bound);
      expect((await opened.freshness()).asOf).toBe(bound);

      // A reconcile an hour later corrects it, and the service's next deliveries are stored.
      await clock.advance(HOUR);
      await opened.sync({ ...timing, reconcileEveryMs: 0 });
      const rest = () => restState(setup(), 'container');
      expect((await opened.get('container', container.id))?.attributes).toEqual(
        (await rest()).get(container.id),
      );
      await clock.advance(30 * HOUR);
      const now = (await rest()).get(container.id);
      expect(now).toMatchObject({ current_status: 'on_ship' });
      expect((await opened.get('container', container.id))?.attributes).toEqual(now);
    },
  );

  it.skipIf(!database.available)(
    'dates a read no earlier than what the mirror held, and never by a version dated past its clock',
    async () => {
      const { mirror: opened, clock, option } = await start();
      for (const [scac, number] of [
        ['MSCU', 'MSCU1234566'],
        ['HLCU', 'HLXU1237426'],
      ] as const) {
        await setup().trackingRequests.create({
          requestType: 'container',
          requestNumber: number,
          scac,
        });
      }
      await clock.advance(HOUR);
      const timing = { now: clock.now, sleep: async () => {}, reconcileEveryMs: 0 };
      await opened.sync(timing);
      const [first, second] = await opened.list('container');
      if (first === undefined || second === undefined) throw new Error('two containers expected');

      // A delivery dated 30 s past the receiver's clock (within its minute), about the first box;
      // and a version of the second dated 2099, as an older mirror stored it.
      const secret = 'whsec-held';
      const ahead = deliveryOf('n-ahead', new Date(clock.now() + 30_000).toISOString(), [
        {
          type: 'container',
          id: first.id,
          attributes: { ...first.attributes, current_status: 'ahead_of_the_read' },
          relationships: first.relationships,
        },
      ]);
      const handler = opened.webhookHandler({ secret, now: clock.now });
      expect((await handler(await signedRequest(ahead, secret))).status).toBe(200);
      const planted = await openDatabase(option);
      try {
        await sql`update containers set version = '2099-01-01T00:00:00.000Z|00|0|legacy'
          where id = ${second.id}`.execute(planted.db);
      } finally {
        await planted.close();
      }

      // The read comes after the delivery was stored: it is the newer, whatever the clocks say.
      await opened.sync(timing);
      const rest = await restState(setup(), 'container');
      const read = await opened.get('container', first.id);
      expect(read?.attributes).toEqual(rest.get(first.id));
      expect(read?.source).toBe('sync');
      // No read took the 2099 version's date.
      expect(Date.parse(read?.observedAt ?? '')).toBeLessThanOrEqual(clock.now() + 60_000);
    },
  );
});

function releasesBody(body: string): boolean {
  return releases(JSON.parse(body) as Envelope);
}
