import { containerCheckDigit } from '@shiptrack/sdk';
import { writeHeapSnapshot } from 'node:v8';
import { readFileSync } from 'node:fs';
import { Engine } from './src/engine/engine.js';
const N = 5000;
const engine = new Engine({ dataset: 'empty', clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' }, rateLimits: false });
const account = engine.accounts()[0]!;
for (let i = 0; i < N; i++) {
  const firstTen = `MSCU${String(i).padStart(6, '0')}`;
  engine.trackingRequests.create(account, { requestType: 'container', requestNumber: `${firstTen}${containerCheckDigit(firstTen)}`, scac: 'MSCU' });
}
await engine.clock.advance(60_000);
(globalThis as any).keep = engine;
const file = writeHeapSnapshot('/tmp/h.heapsnapshot');
const snap = JSON.parse(readFileSync(file, 'utf8'));
const f = snap.snapshot.meta.node_fields as string[]; const types = snap.snapshot.meta.node_types[0] as string[];
const n = f.length; const nodes = snap.nodes as number[]; const strings = snap.strings as string[];
const agg = new Map<string, [number, number]>();
for (let i = 0; i < nodes.length; i += n) {
  const type = types[nodes[i]!]!; let name = strings[nodes[i + 1]!]!;
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = '';
  const key = `${type}:${name.slice(0, 40)}`; const e = agg.get(key) ?? [0, 0]; e[0] += nodes[i + 3]!; e[1]++; agg.set(key, e);
}
for (const [k, [size, count]] of [...agg].sort((a, b) => b[1][0] - a[1][0]).slice(0, 25)) console.log(k.padEnd(50), (size / N).toFixed(0), 'B/ctr', count);
