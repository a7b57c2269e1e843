/**
 * What a tool call costs on top of the SDK call it makes: `get_container`
 * and `list_containers` through a real MCP client over the in-memory
 * transport, next to the same SDK calls made directly, against the same
 * in-process mock. Calls alternate (tool, direct, tool, ...) so both see the
 * same machine; p50 and p99 of each, and the p50 difference.
 *
 * Run: `pnpm bench mcp-tool-call`
 */
// The MCP package's test harness: a real MCP client over the in-memory transport, and the mock.
import { connect, startMockService } from '../packages/mcp/test/harness.js';
import { recordSummary, type SummaryRow } from './summary.js';

const ROUNDS = 400;
const service = startMockService({ rateLimits: false });
const sdk = service.client();
const connection = await connect({ client: sdk });
const { client } = connection;

const id = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
type Pair = [name: string, tool: () => Promise<unknown>, direct: () => Promise<unknown>];
const pairs: Pair[] = [
  [
    'get_container vs containers.get(id, include shipment, pod_terminal)',
    () => client.callTool({ name: 'get_container', arguments: { id } }),
    async () => sdk.containers.get(id, { include: ['shipment', 'pod_terminal'] }),
  ],
  [
    'list_containers (25) vs containers.list(pageSize 25, include shipment)',
    () => client.callTool({ name: 'list_containers', arguments: {} }),
    async () => sdk.containers.list({ pageSize: 25, include: ['shipment'] }),
  ],
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

console.log(
  '| call | tool p50 (ms) | SDK p50 (ms) | overhead p50 (ms) | tool p99 (ms) | SDK p99 (ms) |',
);
console.log('|---|--:|--:|--:|--:|--:|');
const summary: SummaryRow[] = [];
for (const [name, tool, direct] of pairs) {
  for (let warm = 0; warm < 50; warm++) {
    await tool();
    await direct();
  }
  const viaTool: number[] = [];
  const viaSdk: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    viaTool.push(await time(tool));
    viaSdk.push(await time(direct));
  }
  const [t50, s50] = [percentile(viaTool, 0.5), percentile(viaSdk, 0.5)];
  summary.push({
    figure: `${name.split(' vs ')[0]} tool call, in memory (p50)`,
    value: t50,
    reference: `the SDK call it makes: ${name.split(' vs ')[1] ?? ''}`,
    referenceValue: s50,
    unit: 'ms',
  });
  console.log(
    `| ${name} | ${t50.toFixed(3)} | ${s50.toFixed(3)} | ${(t50 - s50).toFixed(3)} | ${percentile(viaTool, 0.99).toFixed(3)} | ${percentile(viaSdk, 0.99).toFixed(3)} |`,
  );
}
console.log(
  `\nNode ${process.version}, ${ROUNDS} alternating calls each after 50 warm-up pairs; the mock answers in process.`,
);
await connection.close();
service.mock.dispose();
recordSummary('mcp-tool-call', summary);
