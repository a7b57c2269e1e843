/**
 * What the telemetry costs: `tools/call get_container` (2026-07-28, the
 * fast path) on an in-process handler over an in-process mock (no network,
 * so the figure is CPU: the handler, the tool, the SDK and the mock),
 * with telemetry off (the default: no OpenTelemetry SDK registered, so the
 * SDK, the tools and the handler build no span or record) and on (`startTelemetry` of
 * `@shiptrack/ops`: Prometheus metrics and traces sampled always, sent in
 * batches to a local OTLP/HTTP endpoint). Phases run off, on, off, on, ...
 * so both see the same machine; the p50 of each.
 *
 * Telemetry off against no instrumentation at all is the difference of
 * `pnpm bench mcp-http` before and after the instrumentation (bench/README.md).
 *
 * Run: `pnpm bench mcp-http-telemetry` (about a minute).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHttpHandler, type McpHttpHandler } from '../packages/mcp-http/src/index.js';
import { createMockServer, DEMO_API_KEY } from '../packages/mock-server/src/index.js';
import { startTelemetry } from '../packages/ops/src/index.js';
import { createClient } from '../packages/sdk/src/index.js';
import { startOtlpReceiver } from '../test-support/otlp-receiver.js';
import { recordSummary } from './summary.js';

const PHASES = 6;
const PER_PHASE = 500;
const WARM = 1_000;
const BASE_URL = 'http://mock.invalid/v2';

const mock = createMockServer({ clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' } });
const fetchMock = (input: string, init: RequestInit) => mock.fetch(new Request(input, init));
const sdk = createClient({
  apiKey: DEMO_API_KEY,
  baseUrl: BASE_URL,
  fetch: fetchMock,
  rateLimit: false,
});
const id = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';

/** A handler over the in-process mock (made after telemetry starts, as a server is). */
function handlerOf(): McpHttpHandler {
  return createMcpHttpHandler({
    baseUrl: BASE_URL,
    fetch: fetchMock,
    log: false,
    rateLimits: { default: 1e8 },
  });
}

/** The tools/call request a 2026-07-28 client sends, recorded from a real client. */
async function recordCall(
  handler: McpHttpHandler,
): Promise<{ headers: Record<string, string>; body: string }> {
  let recorded: { headers: Record<string, string>; body: string } | undefined;
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    requestInit: { headers: { authorization: `Token ${DEMO_API_KEY}` } },
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (body.includes('"tools/call"')) {
        recorded = { headers: Object.fromEntries(new Headers(init?.headers).entries()), body };
      }
      return handler.fetch(new Request(input, init));
    },
  });
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  await client.callTool({ name: 'get_container', arguments: { id } });
  await client.close();
  if (!recorded) throw new Error('no tools/call request was recorded');
  return recorded;
}

async function samples(handler: McpHttpHandler, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await handler.fetch(
      new Request('http://127.0.0.1/mcp', { method: 'POST', ...call }),
    );
    const text = await response.text();
    times.push(performance.now() - started);
    if (!text.includes('"result"')) throw new Error(`tools/call failed: ${text.slice(0, 300)}`);
  }
  return times;
}

const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const receiver = await startOtlpReceiver();
const off = handlerOf();
const call = await recordCall(off);
await samples(off, WARM);
const timesOff: number[] = [];
const timesOn: number[] = [];
for (let phase = 0; phase < PHASES; phase++) {
  timesOff.push(...(await samples(off, PER_PHASE)));
  const telemetry = await startTelemetry({
    serviceName: 'bench',
    serviceVersion: '0.0.0',
    metrics: true,
    env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: 'always_on' },
  });
  const on = handlerOf();
  await samples(on, WARM);
  timesOn.push(...(await samples(on, PER_PHASE)));
  if (phase === 0 && ((await telemetry.prometheus()) ?? '').length === 0) {
    throw new Error('telemetry on recorded no metrics');
  }
  await on.close();
  await telemetry.shutdown();
}
await off.close();
await receiver.close();
if (receiver.spans.length === 0) throw new Error('telemetry on sent no spans');

const [offP50, onP50] = [p50(timesOff), p50(timesOn)];
console.log('| tools/call get_container, 2026-07-28, in process | p50 (ms) |');
console.log('|---|--:|');
console.log(
  `| telemetry off (no OpenTelemetry SDK registered: nothing built) | ${offP50.toFixed(3)} |`,
);
console.log(`| telemetry on (metrics, and traces of every call exported) | ${onP50.toFixed(3)} |`);
console.log(
  `\nNode ${process.version}; ${PHASES} phases of ${PER_PHASE} calls each way, alternating; ${receiver.spans.length} spans received.`,
);
recordSummary('mcp-http-telemetry', [
  {
    figure:
      'tools/call get_container in process with telemetry on: metrics and every call traced (p50)',
    value: onP50,
    reference: 'the same with telemetry off (the default)',
    referenceValue: offP50,
    unit: 'ms',
  },
]);
