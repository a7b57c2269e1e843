/**
 * Webhook signature verification of a 10 kB delivery: the SDK's
 * `verifySignature` next to bare WebCrypto HMAC (key imported once, and per
 * call) and `node:crypto` HMAC, in one run on one machine.
 *
 * Fairness: every candidate gets the same inputs a receiver has, the body as a
 * Buffer (what `express.raw()` and `toNodeHandler` hand over) and the
 * signature as a hex string; each decodes the hex itself and compares in
 * constant time. Only the "floor" row is given pre-decoded bytes, to show the
 * cost of HMAC alone.
 *
 * Run: `tsx --conditions=shiptrack-source bench/webhooks.bench.ts`
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Bench } from 'tinybench';
import { verifySignature } from '../packages/sdk/src/index.js';
import { createSampleWebhookPayload, signPayload } from '../packages/sdk/src/testing.js';
import { recordSummary } from './summary.js';

const secret = 'whsec_bench_0123456789abcdef';
const encoder = new TextEncoder();

/** A realistic delivery padded with extra containers to about 10 kB. */
function tenKilobyteBody(): string {
  const payload = createSampleWebhookPayload('tracking_request.succeeded', {
    id: '9b2f0c1e-0000-4000-8000-000000000001',
    createdAt: '2025-03-20T12:00:00Z',
  });
  const included = payload.included ?? [];
  const container = included.find((resource) => resource.type === 'container');
  let index = 0;
  while (container !== undefined && JSON.stringify(payload).length < 10_240) {
    included.push({
      ...container,
      id: `4b9c2e1f-7a3d-4e8b-a1c6-${String(index++).padStart(12, '0')}`,
    });
  }
  return JSON.stringify(payload);
}

const text = tenKilobyteBody();
const body = Buffer.from(text);
const signature = await signPayload(body, secret);

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
/** A view of the Buffer's bytes without copying them. */
const view = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
const importKey = () =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
const key = await importKey();
const bodyBytes = view(body);
const signatureBytes = hexToBytes(signature);

/** The candidates, in the order of the table. */
const candidates: [name: string, run: () => unknown][] = [
  [
    'floor: WebCrypto verify, key once, pre-decoded inputs',
    () => crypto.subtle.verify('HMAC', key, signatureBytes, bodyBytes),
  ],
  [
    'WebCrypto verify, key imported once',
    () => crypto.subtle.verify('HMAC', key, hexToBytes(signature), view(body)),
  ],
  [
    'WebCrypto verify, key imported per call',
    async () => crypto.subtle.verify('HMAC', await importKey(), hexToBytes(signature), view(body)),
  ],
  [
    'node:crypto createHmac + timingSafeEqual',
    () => {
      const expected = createHmac('sha256', secret).update(body).digest();
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  ],
  ['SDK verifySignature (Buffer body)', () => verifySignature(body, signature, secret)],
  ['SDK verifySignature (string body)', () => verifySignature(text, signature, secret)],
  [
    'SDK verifySignature, 2 secrets, matching the second',
    () => verifySignature(body, signature, ['whsec_rotated_out_secret', secret]),
  ],
];

if (!(await verifySignature(body, signature, secret))) throw new Error('inputs do not verify');

// WebCrypto work runs on the libuv thread pool, so single runs are noisy: run
// several rounds, rotating the order, and report each candidate's median.
const ROUNDS = 5;
const hz = new Map<string, number[]>();
const p99 = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  const bench = new Bench({ time: 400, warmupTime: 100 });
  const order = [
    ...candidates.slice(round % candidates.length),
    ...candidates.slice(0, round % candidates.length),
  ];
  for (const [name, run] of order)
    bench.add(name, async () => {
      await run();
    });
  await bench.run();
  for (const task of bench.tasks) {
    if (task.result === undefined) continue;
    hz.set(task.name, [...(hz.get(task.name) ?? []), task.result.hz]);
    p99.set(task.name, [...(p99.get(task.name) ?? []), task.result.p99]);
  }
}

const median = (values: number[] = []): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const baseHz = median(hz.get('WebCrypto verify, key imported once'));
console.log(
  `\nVerifying a ${body.length}-byte body; Node ${process.version}; median of ${ROUNDS} rounds.\n`,
);
console.log('| candidate | ops/s | µs per op | p99 (µs) | time vs WebCrypto, key once |');
console.log('|---|--:|--:|--:|--:|');
for (const [name] of candidates) {
  const ops = median(hz.get(name));
  console.log(
    `| ${name} | ${Math.round(ops).toLocaleString('en-US')} | ${(1e6 / ops).toFixed(1)} | ${(median(p99.get(name)) * 1000).toFixed(1)} | ${(baseHz / ops).toFixed(2)}x |`,
  );
}
recordSummary('webhooks', [
  {
    figure: 'SDK verifySignature (Buffer body)',
    value: median(hz.get('SDK verifySignature (Buffer body)')),
    reference: 'WebCrypto verify, key imported once',
    referenceValue: baseHz,
    unit: 'ops/s',
    // The SDK within 1.5x of bare WebCrypto's time: at least 1/1.5 of its rate.
    target: { atLeast: 0.67 },
  },
]);
