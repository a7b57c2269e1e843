/**
 * SIGINT and SIGTERM end the process even when the command's own cleanup
 * hangs: `webhooks listen` deletes the webhook it subscribed on the way
 * out, and here the service never answers that DELETE.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, captured, cleanEnv, ensureBuilt, startTestMock, TEST_API_KEY } from './helpers.js';

let mock: RunningMockServer;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  await ensureBuilt();
  mock = await startTestMock();
  // The mock, except that a DELETE is never answered.
  proxy = createServer((request, response) => {
    if (request.method === 'DELETE') {
      proxy.emit('delete');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${mock.origin}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? 'application/vnd.api+json',
        },
        body: body.length > 0 ? body : undefined,
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/vnd.api+json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2`;
}, 120_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await mock?.close();
});

/** Starts a self-subscribing listener, stops it with `first`, and waits for its hanging DELETE. */
async function stopWithHangingCleanup(first: 'SIGINT' | 'SIGTERM') {
  const child = spawn(process.execPath, [BIN, 'webhooks', 'listen', '--port', '0'], {
    env: cleanEnv({ SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: proxyUrl }),
  });
  let stderr = '';
  const listening = new Promise<void>((resolve) =>
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('Listening on')) resolve();
    }),
  );
  child.stdin.end();
  const exited = once(child, 'exit');
  await listening;
  const deleting = once(proxy, 'delete');
  child.kill(first);
  await deleting;
  return {
    child,
    exited: exited.then(([code, signal]) => {
      captured.push(stderr);
      return { code, signal };
    }),
  };
}

describe('stop signals', { timeout: 60_000 }, () => {
  it('SIGTERM ends the process with 143 though the cleanup call never returns', async () => {
    const { exited } = await stopWithHangingCleanup('SIGTERM');
    expect(await exited).toEqual({ code: 143, signal: null });
  });

  it('a second signal ends it at once, with that signal’s code', async () => {
    const { child, exited } = await stopWithHangingCleanup('SIGTERM');
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 130, signal: null });
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
