import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trickleRequest } from '../../../test-support/trickled-request.js';
import { type RunningReceiver, serveMirror } from '../src/cli/serve.js';
import { createMirror, type Mirror } from '../src/index.js';

const SECRET = 'whsec-timeouts-0123456789';

describe('shiptrack-mirror serve and a delivery body trickled byte by byte', () => {
  let pglite: PGlite;
  let mirror: Mirror;
  let receiver: RunningReceiver;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    pglite = new PGlite();
    mirror = await createMirror({ database: { pglite } });
    receiver = await serveMirror(mirror, {
      secret: SECRET,
      host: '127.0.0.1',
      port: 0,
      path: '/webhooks',
      log: (line) => lines.push(line),
      requestTimeoutMs: 300,
    });
    // Starting PGlite takes seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await mirror?.close();
    await pglite?.close();
  });

  it('cuts the connection with 408 once the whole request takes longer than requestTimeoutMs', async () => {
    const url = new URL(receiver.url);
    const answer = await trickleRequest(url, {
      head: [
        `POST ${url.pathname} HTTP/1.1`,
        `Host: ${url.host}`,
        'Content-Type: application/json',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n'),
      everyMs: 20,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect((await fetch(new URL('/health', url))).status).toBe(200);
  });
});
