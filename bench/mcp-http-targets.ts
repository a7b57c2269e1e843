/**
 * Child processes of `mcp-http.bench.ts`, so the load generator, the mock
 * and the MCP HTTP server do not share a JavaScript thread:
 *
 * - `mock [n]`: the mock with the demo data and one bench account whose rate
 *   limits are raised (so the load is not answered with 429s), with `n`
 *   more API keys (`bench-key-0` ...); prints
 *   `{ url, apiKey, containerId }`.
 * - `mcp <rest base>`: the MCP HTTP server over that REST base (request log
 *   off, the client-side limits raised the same way); prints
 *   `{ url, pid, memoryUrl }`: a GET of `memoryUrl` collects the garbage
 *   and answers `process.memoryUsage()` (for the memory scenario).
 * - `bare <rest base>`: the bare Node host (`mcp-http-bare-host.ts`), the
 *   benchmark's reference; prints `{ url, pid }`.
 */
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startMcpHttpServer } from '../packages/mcp-http/src/index.js';
import { startMockServer } from '../packages/mock-server/src/index.js';
import { startBareHost } from './mcp-http-bare-host.js';

const API_KEY = 'bench-key';
const LIMITS = { default: 100_000_000 };

async function mock(moreKeys: number): Promise<void> {
  const server = await startMockServer({
    port: 0,
    accounts: [
      {
        name: 'Bench',
        apiKeys: [
          API_KEY,
          ...Array.from({ length: moreKeys }, (_, index) => `${API_KEY}-${index}`),
        ],
        entitlements: { route: true, refresh: true },
        rateLimits: LIMITS,
      },
    ],
    clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
  });
  const container = server.mock.engine.store.containers.values().next().value;
  if (container === undefined) throw new Error('The demo dataset has no container.');
  process.stdout.write(
    `${JSON.stringify({ url: server.url, pid: process.pid, apiKey: API_KEY, containerId: container.id })}\n`,
  );
}

/** V8's `gc()`, without starting the child with `--expose-gc`. */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  // The new context's global has `gc` once the flag is set; it collects this isolate's heap.
  return runInNewContext('gc') as () => void;
}

/**
 * Serves the memory readings on a port of their own: two full collections
 * (the second takes what finalizers of the first released) a tick apart,
 * then `process.memoryUsage()`, so every reading is taken the same way.
 */
function memoryReadings(): Promise<string> {
  const gc = exposedGc();
  const readings = createServer((_request, response) => {
    gc();
    setImmediate(() => {
      gc();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(process.memoryUsage()));
    });
  });
  return new Promise((resolve) => {
    readings.listen(0, '127.0.0.1', () => {
      const address = readings.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    });
  });
}

async function mcp(baseUrl: string): Promise<void> {
  const server = await startMcpHttpServer({ port: 0, baseUrl, rateLimits: LIMITS, log: false });
  const memoryUrl = await memoryReadings();
  process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid, memoryUrl })}\n`);
}

// Exit on SIGTERM through `process.exit`, so that a host run under `--cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));

const [mode, argument] = process.argv.slice(2);
if (mode === 'mock') await mock(Number(argument ?? 0));
else if (mode === 'mcp' && argument) await mcp(argument);
else if (mode === 'bare' && argument) await startBareHost(argument);
else {
  throw new Error(
    'usage: mcp-http-targets.ts mock [extra keys] | mcp <REST base URL> | bare <REST base URL>',
  );
}
