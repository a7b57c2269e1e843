/**
 * Child processes of `mock-server.bench.ts`, so that the load generator and
 * each server under test do not share a CPU thread:
 *
 * - `serve`: our mock with the demo data on a free port (rate limits raised
 *   so the load is not answered with 429s); prints `{ url, path }` where
 *   `path` is a container with `?include=shipment`.
 * - `bare <file>`: a bare node:http server answering every request with the
 *   bytes of `<file>`; prints `{ url }`.
 * - `memory <count>`: tracks `count` container numbers in a fresh engine,
 *   resolves them on the manual clock, and prints the heap in use after GC
 *   (run with `--expose-gc`).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Engine } from '../packages/mock-server/src/engine/engine.js';
import { startMockServer } from '../packages/mock-server/src/index.js';
import { containerCheckDigit } from '../packages/sdk/src/index.js';

async function serve(): Promise<void> {
  const server = await startMockServer({
    port: 0,
    accounts: [
      {
        name: 'Bench',
        apiKeys: ['bench-key'],
        entitlements: { route: true, refresh: true },
        rateLimits: { default: 100_000_000 },
      },
    ],
    clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
  });
  const container = server.mock.engine.store.containers.values().next().value;
  if (container === undefined) throw new Error('The demo dataset has no container.');
  process.stdout.write(
    `${JSON.stringify({ url: server.url, path: `/containers/${container.id}?include=shipment` })}\n`,
  );
}

async function bare(file: string): Promise<void> {
  const body = readFileSync(file);
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/vnd.api+json',
      'content-length': body.byteLength,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // listen() on a TCP port yields an AddressInfo.
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
}

async function memory(count: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('Run with --expose-gc.');
  gc();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const engine = new Engine({
    dataset: 'empty',
    clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
    rateLimits: false,
  });
  const account = engine.accounts()[0];
  if (account === undefined) throw new Error('No account.');
  // Serials ending in 202, 404 or 503 do not create a container at once (see the README): skip them.
  for (let i = 0, made = 0; made < count; i++) {
    if ([202, 404, 503].includes(i % 1000)) continue;
    made += 1;
    const firstTen = `MSCU${String(i).padStart(6, '0')}`;
    engine.trackingRequests.create(account, {
      requestType: 'container',
      requestNumber: `${firstTen}${containerCheckDigit(firstTen)}`,
      scac: 'MSCU',
    });
  }
  await engine.clock.advance(60_000);
  const seconds = (performance.now() - started) / 1000;
  gc();
  const heapUsed = process.memoryUsage().heapUsed - before;
  process.stdout.write(
    `${JSON.stringify({
      containers: engine.store.containers.size,
      transportEvents: engine.store.transportEvents.size,
      heapUsedMb: heapUsed / 1024 / 1024,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      seconds,
    })}\n`,
  );
  engine.dispose();
}

const [mode, argument] = process.argv.slice(2);
if (mode === 'serve') await serve();
else if (mode === 'bare') await bare(argument ?? '');
else if (mode === 'memory') await memory(Number(argument ?? '100000'));
else throw new Error(`Unknown mode ${mode}; use serve, bare <file> or memory <count>.`);
