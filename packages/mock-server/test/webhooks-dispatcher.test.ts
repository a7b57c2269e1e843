import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../src/engine/clock.js';
import { IdGenerator } from '../src/engine/ids.js';
import { PendingWork } from '../src/engine/pending-work.js';
import { MAX_DELIVERY_RETRIES, RETRY_DELAYS_MS } from '../src/engine/webhooks/backoff.js';
import { type DispatchableEvent, WebhookDispatcher } from '../src/engine/webhooks/dispatcher.js';
import { NotificationStore } from '../src/engine/webhooks/notification-store.js';
import { WebhookStore } from '../src/engine/webhooks/webhook-store.js';
import { hasValidSignature, startReceiver, type TestReceiver } from './webhooks-receiver.js';

const START = Date.parse('2025-03-01T00:00:00.000Z');

/** A dispatcher on a manual clock whose advance awaits every delivery, as the engine wires it. */
function harness(options: { timeoutMs?: number } = {}) {
  const pending = new PendingWork();
  const clock = new Clock({ mode: 'manual', startAt: START, settle: () => pending.settle() });
  const ids = new IdGenerator('webhooks-dispatcher');
  const newId = () => ids.next();
  const nowIso = () => clock.date().toISOString();
  const webhooks = new WebhookStore({ newId, nowIso });
  const notifications = new NotificationStore();
  const dispatcher = new WebhookDispatcher({
    webhooks,
    notifications,
    newId,
    schedule: (delayMs, job) => void clock.scheduleIn(delayMs, job, 'webhook retry'),
    track: (work) => void pending.track(work),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return { clock, webhooks, notifications, dispatcher };
}

function event(overrides: Partial<DispatchableEvent> = {}): DispatchableEvent {
  return {
    name: 'container.transport.vessel_departed',
    accountId: 'acct-a',
    at: new Date(START).toISOString(),
    reference: { type: 'transport_event', id: 'te-1' },
    included: [
      {
        id: 'te-1',
        type: 'transport_event',
        attributes: { event: 'container.transport.vessel_departed' },
      },
      { id: 'c-1', type: 'container', attributes: { number: 'CSQU3054383' } },
      { id: 's-1', type: 'shipment', attributes: { bill_of_lading_number: 'MAEU123' } },
    ],
    ...overrides,
  };
}

let receiver: TestReceiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('WebhookDispatcher', () => {
  it('posts a signed envelope with the custom headers to every subscribed active webhook', async () => {
    const { clock, webhooks, notifications, dispatcher } = harness();
    const hook = webhooks.create('acct-a', {
      url: `${receiver.url}/hook`,
      events: ['container.transport.vessel_departed'],
      headers: [{ name: 'X-Team', value: 'ops' }],
      active: true,
    });
    webhooks.create('acct-a', {
      url: `${receiver.url}/other`,
      events: ['container.updated'],
      active: true,
    });
    webhooks.create('acct-a', {
      url: `${receiver.url}/off`,
      events: ['container.transport.vessel_departed'],
      active: false,
    });

    const [notification] = dispatcher.dispatch(event());
    await clock.flush();

    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook']);
    const [request] = receiver.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-team']).toBe('ops');
    expect(request && hasValidSignature(request, hook.secret)).toBe(true);
    expect(request && hasValidSignature(request, `${hook.secret}x`)).toBe(false);
    expect(request?.json).toEqual({
      data: {
        id: notification?.id,
        type: 'webhook_notification',
        attributes: {
          event: 'container.transport.vessel_departed',
          delivery_status: 'pending',
          created_at: '2025-03-01T00:00:00.000Z',
        },
        relationships: {
          webhook: { data: { type: 'webhook', id: hook.id } },
          reference_object: { data: { type: 'transport_event', id: 'te-1' } },
        },
        links: { self: `/v2/webhook_notifications/${notification?.id}` },
      },
      included: [
        expect.objectContaining({ type: 'transport_event', id: 'te-1' }),
        expect.objectContaining({ type: 'container', id: 'c-1' }),
        expect.objectContaining({ type: 'shipment', id: 's-1' }),
      ],
    });
    expect(notifications.get('acct-a', notification?.id ?? '').deliveryStatus).toBe('succeeded');
  });

  it.each([200, 201, 202, 204])('accepts a %i answer at the first attempt', async (status) => {
    const { clock, webhooks, notifications, dispatcher } = harness();
    receiver.answerWith(status);
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());
    await clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    expect(receiver.requests).toHaveLength(1);
    expect(notification?.deliveryStatus).toBe('succeeded');
    expect(notifications.list('acct-a', { deliveryStatus: 'succeeded' })).toHaveLength(1);
  });

  it.each([203, 301, 400, 410, 500])('retries after a %i answer', async (status) => {
    const { clock, webhooks, dispatcher } = harness();
    receiver.answerWith((request) => (receiver.requests.indexOf(request) === 0 ? status : 200));
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());
    await clock.flush();
    expect(notification?.deliveryStatus).toBe('pending');
    await clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    expect(receiver.requests).toHaveLength(2);
    expect(notification?.deliveryStatus).toBe('succeeded');
  });

  it('retries 12 times on the backoff schedule with the same id and bytes, then fails for good', async () => {
    const { clock, webhooks, dispatcher } = harness();
    const arrivals: number[] = [];
    receiver.answerWith(() => {
      arrivals.push(clock.now());
      return 500;
    });
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());

    await clock.advance(3 * 24 * 60 * 60 * 1000);

    expect(receiver.requests).toHaveLength(1 + MAX_DELIVERY_RETRIES);
    expect(MAX_DELIVERY_RETRIES).toBe(12);
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? 0));
    expect(gaps).toEqual(RETRY_DELAYS_MS);
    const ids = new Set(receiver.requests.map((r) => (r.json as { data: { id: string } }).data.id));
    expect([...ids]).toEqual([notification?.id]);
    const bodies = new Set(receiver.requests.map((r) => r.rawBody.toString('utf8')));
    expect(bodies.size).toBe(1);
    expect(notification?.deliveryStatus).toBe('failed');
    expect(notification?.attempts).toBe(13);

    await clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(receiver.requests).toHaveLength(13);
  });

  it('counts a time-out as a failed attempt and retries it', async () => {
    const { clock, webhooks, dispatcher } = harness({ timeoutMs: 150 });
    receiver.answerWith((request) => (receiver.requests.indexOf(request) === 0 ? 'hang' : 204));
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());
    await clock.flush();
    expect(notification?.deliveryStatus).toBe('pending');
    expect(notification?.attempts).toBe(1);
    await clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    expect(notification?.deliveryStatus).toBe('succeeded');
    expect(notification?.attempts).toBe(2);
  });

  it('counts an unreachable receiver as a failed attempt', async () => {
    const { clock, webhooks, dispatcher } = harness();
    const closed = await startReceiver();
    await closed.close();
    webhooks.create('acct-a', {
      url: closed.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());
    await clock.flush();
    expect(notification?.attempts).toBe(1);
    expect(notification?.deliveryStatus).toBe('pending');
  });

  it('sends the deliveries of one webhook in event order', async () => {
    const { clock, webhooks, dispatcher } = harness();
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const refs = ['te-1', 'te-2', 'te-3', 'te-4', 'te-5'];
    for (const id of refs) {
      dispatcher.dispatch(
        event({
          reference: { type: 'transport_event', id },
          included: [{ id, type: 'transport_event', attributes: {} }],
        }),
      );
    }
    await clock.flush();
    const received = receiver.requests.map(
      (r) => (r.json as { included: { id: string }[] }).included[0]?.id,
    );
    expect(received).toEqual(refs);
  });

  it('abandons the retries of a webhook deleted meanwhile', async () => {
    const { clock, webhooks, dispatcher } = harness();
    receiver.answerWith(500);
    const hook = webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    const [notification] = dispatcher.dispatch(event());
    await clock.flush();
    webhooks.delete('acct-a', hook.id);
    await clock.advance(24 * 60 * 60 * 1000);
    expect(receiver.requests).toHaveLength(1);
    expect(notification?.deliveryStatus).toBe('failed');
  });

  it('drops the retries of notifications forgotten by a reset', async () => {
    const { clock, webhooks, notifications, dispatcher } = harness();
    receiver.answerWith(500);
    webhooks.create('acct-a', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    dispatcher.dispatch(event());
    await clock.flush();
    notifications.clear();
    await clock.advance(24 * 60 * 60 * 1000);
    expect(receiver.requests).toHaveLength(1);
  });

  it("never delivers an account's event to another account's webhook", async () => {
    const { clock, webhooks, notifications, dispatcher } = harness();
    webhooks.create('acct-b', {
      url: receiver.url,
      events: ['container.transport.vessel_departed'],
      active: true,
    });
    expect(dispatcher.dispatch(event({ accountId: 'acct-a' }))).toEqual([]);
    await clock.flush();
    expect(receiver.requests).toHaveLength(0);
    expect(notifications.list('acct-b')).toEqual([]);
  });

  it('gives notifications ids from the engine generator, so a seeded run repeats them', async () => {
    const run = async () => {
      const { clock, webhooks, dispatcher } = harness();
      webhooks.create('acct-a', {
        url: receiver.url,
        events: ['container.transport.vessel_departed'],
        active: true,
      });
      const ids = [...dispatcher.dispatch(event()), ...dispatcher.dispatch(event())].map(
        (n) => n.id,
      );
      await clock.flush();
      return ids;
    };
    const first = await run();
    expect(first).toEqual(await run());
    expect(new Set(first).size).toBe(2);
  });
});
