/**
 * `shiptrack-mirror serve` against clients that hold its connections: a
 * body trickled byte by byte (408 once the request takes too long), a body
 * declared over the limit (413 at once), an unsigned one (401 unread), and
 * a request half sent when the receiver is asked to stop.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trickleRequest } from '../../../test-support/trickled-request.js';
import { type RunningReceiver, serveMirror } from '../src/cli/serve.js';
import { createMirror, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS } from './support/databases.js';

const SECRET = 'whsec-timeouts-0123456789';

/** A request head for the receiver at `url`, declaring `length` body bytes. */
function head(url: URL, length: number, headers: string[] = []): string {
  return [
    `POST ${url.pathname} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...headers,
    '',
    '',
  ].join('\r\n');
}

/** Rejects after `ms`: the bound of a wait that a bug would make endless. */
function bound(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms).unref();
  });
}

describe('shiptrack-mirror serve and clients that hold a connection', () => {
  let pglite: PGlite;
  let mirror: Mirror;
  let receiver: RunningReceiver;
  const lines: Record<string, unknown>[] = [];
  const serve = (options: { requestTimeoutMs?: number; shutdownTimeoutMs?: number }) =>
    serveMirror(mirror, {
      secret: SECRET,
      host: '127.0.0.1',
      port: 0,
      path: '/webhooks',
      log: (line) => lines.push(line),
      ...options,
    });

  beforeAll(async () => {
    pglite = new PGlite();
    mirror = await createMirror({ database: { pglite } });
    receiver = await serve({ requestTimeoutMs: 300 });
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await receiver?.close();
    await mirror?.close();
    await pglite?.close();
  });

  it('cuts the connection with 408 once the whole request takes longer than requestTimeoutMs', async () => {
    const url = new URL(receiver.url);
    const signed = [`x-svc-webhook-signature: ${'0'.repeat(64)}`];
    // Without the cut-off the trickle lasts 2,000 s: the bound fails the test long before.
    const answer = await Promise.race([
      trickleRequest(url, { head: head(url, 100_000, signed), everyMs: 20 }),
      bound(20_000, 'the 408'),
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect((await fetch(new URL('/health', url))).status).toBe(200);
  });

  it('answers 413 at once to a body declared over the limit, and closes the connection', async () => {
    const url = new URL(receiver.url);
    const signed = [`x-svc-webhook-signature: ${'0'.repeat(64)}`];
    // The client sends no byte of the body: only a receiver waiting for it would answer 408.
    const answer = await trickleRequest(url, {
      head: head(url, 6 * 1024 * 1024, signed),
      everyMs: 60_000,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"reason":"too_large"');
  });

  it('answers 401 to a delivery without a signature header before reading its body', async () => {
    const url = new URL(receiver.url);
    const answer = await trickleRequest(url, { head: head(url, 1_000), everyMs: 60_000 });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"reason":"missing_header"');
  });

  it('stops within shutdownTimeoutMs while a client holds a request half sent', async () => {
    const stopping = await serve({ shutdownTimeoutMs: 10_000 });
    const url = new URL(stopping.url);
    const signed = [`x-svc-webhook-signature: ${'0'.repeat(64)}`];
    const held = trickleRequest(url, { head: head(url, 1_000, signed), everyMs: 60_000 });
    // Once a later request is answered, the receiver has the first one's head: it is in flight.
    expect((await fetch(new URL('/health', url))).status).toBe(200);
    const limit = bound(5_000, 'the receiver stopping');
    // The grace runs on a fake clock: the test moves it past the deadline instead of waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stopped = Promise.all([stopping.close(), held]);
      await vi.advanceTimersByTimeAsync(10_000);
      await Promise.race([stopped, limit]);
    } finally {
      vi.useRealTimers();
    }
  });
});
