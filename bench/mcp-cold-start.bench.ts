/**
 * Cold start of the `shiptrack-mcp` stdio command: from spawn to the answer
 * to `initialize`, median of 20, next to a bare `node -e` that answers one
 * line the same way (the floor: Node's own start). The two alternate, so
 * load on the machine hits both alike. Builds the package first when its
 * bundle is missing.
 *
 * Run: `pnpm bench mcp-cold-start`
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordSummary } from './summary.js';

const RUNS = 20;
const TARGET = 2.5;
const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'mcp');
const bin = join(pkg, 'bin', 'shiptrack-mcp.js');
const bundle = join(pkg, 'dist', 'cli.cjs');

if (!existsSync(bundle)) {
  console.error('Building @shiptrack/mcp (its bundle is missing)...');
  const build = spawnSync('pnpm', ['--filter', '@shiptrack/mcp', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('pnpm --filter @shiptrack/mcp build failed');
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  },
})}\n`;
const FLOOR = `process.stdin.once('data', () => process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{}}\\n'))`;

/** Milliseconds from spawn to the first line on stdout. */
function timeToAnswer(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { PATH: process.env.PATH ?? '' },
    });
    child.stdout.once('data', (chunk: Buffer) => {
      const elapsed = performance.now() - started;
      child.kill();
      if (!chunk.toString().includes('"id":1')) reject(new Error(`unexpected answer: ${chunk}`));
      else resolve(elapsed);
    });
    child.once('error', reject);
    child.stdin.write(INITIALIZE);
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const floor: number[] = [];
const ours: number[] = [];
await timeToAnswer(['-e', FLOOR]);
await timeToAnswer([bin]);
for (let run = 0; run < RUNS; run++) {
  floor.push(await timeToAnswer(['-e', FLOOR]));
  ours.push(await timeToAnswer([bin]));
}
const ratio = median(ours) / median(floor);
const kb = (file: string) => `${Math.round(statSync(file).size / 1024)} kB`;

console.log(`| start | median (ms) | min (ms) | max (ms) | vs node -e |`);
console.log('|---|--:|--:|--:|--:|');
console.log(
  `| bare \`node -e\` answering one line | ${median(floor).toFixed(1)} | ${Math.min(...floor).toFixed(1)} | ${Math.max(...floor).toFixed(1)} | 1.00x |`,
);
console.log(
  `| \`shiptrack-mcp\` (bundled, ${kb(bundle)}) to the initialize answer | ${median(ours).toFixed(1)} | ${Math.min(...ours).toFixed(1)} | ${Math.max(...ours).toFixed(1)} | ${ratio.toFixed(2)}x |`,
);
console.log(
  `\nNode ${process.version}, ${RUNS} runs each, alternating. Target: at most ${TARGET}x: ${ratio <= TARGET ? 'met' : 'NOT met'}.`,
);
recordSummary('mcp-cold-start', [
  {
    figure: '`shiptrack-mcp` spawn to its initialize answer (median)',
    value: median(ours),
    reference: 'bare `node -e` answering one line',
    referenceValue: median(floor),
    unit: 'ms',
    target: { atMost: TARGET },
  },
]);
