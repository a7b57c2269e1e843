import type { Progress } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { createServer } from '../src/index.js';
import { type Connection, connect, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();

interface Outcome {
  outcome: string;
  containers: { id: string; number: string }[];
  shipment?: { id: string; billOfLading: string };
  trackingRequest: { id: string; status: string };
  next: string;
}

let connection: Connection;
let check: (tool: string, result: unknown) => void;

beforeAll(async () => {
  connection = await connect({ client: service.client() });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Calls `track_container` with a progress token on fake timers (the server's
 * pauses between checks), and lets `whileWaiting` act once the server waits.
 */
async function trackWithProgress(
  number: string,
  whileWaiting: () => Promise<void>,
): Promise<{ outcome: Outcome; text: string; steps: Progress[] }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const steps: Progress[] = [];
  const call = connection.client.callTool(
    { name: 'track_container', arguments: { number } },
    { onprogress: (progress) => steps.push(progress) },
  );
  await eventually(() =>
    expect(steps.map((s) => s.message)).toContainEqual(expect.stringContaining('waiting')),
  );
  await whileWaiting();
  const result = await call;
  check('track_container', result);
  return {
    outcome: result.structuredContent as unknown as Outcome,
    text: textOf(result),
    steps,
  };
}

/** Requests the account holds for a number, straight from the service. */
async function requestsFor(number: string) {
  return (await service.client().trackingRequests.list({ filter: { requestNumber: number } })).data;
}

describe('track_container with a progress token', () => {
  it('reports each step until the shipment and its containers are linked', async () => {
    const { outcome, text, steps } = await trackWithProgress('MSCU1234566', async () => {
      await service.mock.advance(300); // the carrier answers
      await vi.advanceTimersByTimeAsync(5_000); // the next check
    });
    expect(steps.map((step) => step.message)).toEqual([
      'track_container MSCU1234566: tracking request created at MSCU',
      'track_container MSCU1234566: waiting for the carrier (pending, check 1)',
      expect.stringMatching(/^track_container MSCU1234566: shipment found \(bill of lading \S+\)$/),
      'track_container MSCU1234566: 1 container(s) linked',
    ]);
    expect(steps.map((step) => step.progress)).toEqual([1, 2, 3, 4]);
    expect(outcome).toMatchObject({
      outcome: 'request_created',
      trackingRequest: { status: 'created' },
      shipment: { id: expect.any(String) },
      containers: [{ number: 'MSCU1234566' }],
    });
    expect(outcome.next).toContain('get_container');
    expect(text).toContain('Shipment ');
    expect(text).toContain('- container MSCU1234566');
    expect(await requestsFor('MSCU1234566')).toHaveLength(1);
  });

  it('answers with the pending request when the carrier takes longer than the wait', async () => {
    const { outcome, steps } = await trackWithProgress('MSCU7654329', async () => {
      await vi.advanceTimersByTimeAsync(40_000);
    });
    const messages = steps.map((step) => step.message);
    expect(messages[0]).toBe('track_container MSCU7654329: tracking request created at MSCU');
    expect(messages.filter((m) => m?.includes('waiting for the carrier'))).toHaveLength(4);
    expect(messages.at(-1)).toBe(
      'track_container MSCU7654329: still pending after 40 s; the request stays',
    );
    expect(outcome).toMatchObject({
      outcome: 'request_created',
      trackingRequest: { status: 'pending' },
      containers: [],
    });
    expect(outcome.next).toMatch(/^Still pending after 40 s\. The carrier usually answers/);
    // Called again once the carrier answered: the same request, followed to its containers.
    const again = await trackWithProgress('MSCU7654329', async () => {
      await service.mock.advance(300);
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(again.steps[0]?.message).toBe(
      'track_container MSCU7654329: tracking request at MSCU already pending',
    );
    expect(again.outcome).toMatchObject({
      outcome: 'request_pending',
      trackingRequest: { id: outcome.trackingRequest.id, status: 'created' },
      containers: [{ number: 'MSCU7654329' }],
    });
    expect(await requestsFor('MSCU7654329')).toHaveLength(1);
  });

  it('says when the carrier could not track the number', async () => {
    const { outcome, steps } = await trackWithProgress('MSCU1234041', async () => {
      await service.mock.advance(300);
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(steps.at(-1)?.message).toBe('track_container MSCU1234041: tracking failed (not_found)');
    expect(outcome).toMatchObject({
      outcome: 'request_created',
      trackingRequest: { status: 'failed' },
      containers: [],
    });
    expect(outcome.next).toContain('the request ended failed (not_found)');
  });
});

describe('cancelling a followed call', () => {
  it('stops the wait: no check after the client cancels, and the request stays', async () => {
    const checks: string[] = [];
    const watched = await connect({
      client: service.client({
        fetch: (url, init) => {
          const path = new URL(url).pathname;
          if (/^\/v2\/tracking_requests\/[^/]+$/.test(path)) checks.push(path);
          return service.mock.fetch(new Request(url, init));
        },
      }),
    });
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const steps: Progress[] = [];
      const controller = new AbortController();
      const call = watched.client.callTool(
        { name: 'track_container', arguments: { number: 'MSCU1357920', numberType: 'container' } },
        { onprogress: (progress) => steps.push(progress), signal: controller.signal },
      );
      await eventually(() =>
        expect(steps.map((s) => s.message)).toContainEqual(expect.stringContaining('waiting')),
      );
      controller.abort('the user moved on');
      await expect(call).rejects.toThrow();
      const before = checks.length;
      await vi.advanceTimersByTimeAsync(40_000);
      expect(checks).toHaveLength(before);
      expect(await requestsFor('MSCU1357920')).toHaveLength(1);
    } finally {
      await watched.close();
    }
  });
});

describe('track_container without a progress token', () => {
  it('answers at once, without waiting or notifications', async () => {
    const seen: unknown[] = [];
    connection.client.setNotificationHandler('notifications/progress', (n) => {
      seen.push(n);
    });
    const result = await connection.client.callTool({
      name: 'track_container',
      arguments: { number: 'MSCU2468105' },
    });
    check('track_container', result);
    expect(result.structuredContent).toMatchObject({
      outcome: 'request_created',
      trackingRequest: { status: 'pending' },
    });
    expect(seen).toEqual([]);
  });
});

describe('the tracking wait option', () => {
  it('with timeoutMs 0 never waits, even for a client that watches progress', async () => {
    const quick = await connect({ client: service.client(), trackingWait: { timeoutMs: 0 } });
    try {
      const steps: Progress[] = [];
      const result = await quick.client.callTool(
        { name: 'track_container', arguments: { number: 'MSCU2468105' } },
        { onprogress: (progress) => steps.push(progress) },
      );
      expect(result.structuredContent).toMatchObject({ outcome: 'request_pending' });
      expect(steps).toEqual([]);
    } finally {
      await quick.close();
    }
  });

  it('refuses a bound that is not a usable number of milliseconds', () => {
    expect(() =>
      createServer({ client: service.client(), trackingWait: { intervalMs: 0 } }),
    ).toThrow('trackingWait.intervalMs must be a number of milliseconds above 0; got 0.');
    expect(() =>
      createServer({ client: service.client(), trackingWait: { timeoutMs: -1 } }),
    ).toThrow(
      'trackingWait.timeoutMs must be a number of milliseconds, 0 (never wait) or more; got -1.',
    );
  });
});
