/**
 * A test suite in another language checks what the application did, with
 * the mock's control API: `python/check_tracking.py` (Python's standard
 * library only) sets a stub that answers the next read of a tracking
 * request with a 503, the application (`src/track-order.ts`) tracks an
 * order, and the script verifies through the request journal that it made
 * exactly one tracking request with the order's reference numbers and
 * retried the read. Skipped, saying so, where python3 is not installed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackOrder } from '../src/track-order.js';
import { type MockProcess, startMockProcess } from './mock-process.js';

const SCRIPT = fileURLToPath(new URL('../python/check_tracking.py', import.meta.url));
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const pythonMissing = python.error !== undefined || python.status !== 0;
if (pythonMissing) {
  console.warn(
    'python3 is not on PATH: the second-language test is skipped (install python3 to run it).',
  );
}

let mock: MockProcess;
beforeAll(async () => {
  if (!pythonMissing) mock = await startMockProcess(['--clock', 'manual', '--seed', 'empty']);
});
afterAll(() => mock?.stop());

/** Runs the script with the mock's URL and the key in the environment, as CI exports them. */
function checkTracking(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('python3', [SCRIPT, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SVC_API_BASE_URL: mock.url, SVC_API_TOKEN: mock.apiKeys[0] },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(pythonMissing)('the mock checked from Python (skipped without python3)', () => {
  it('verifies one tracking request with its ref numbers, and a retried 503', async () => {
    const arranged = checkTracking('arrange');
    expect(arranged.output).toContain('the next read of a tracking request answers 503');
    expect(arranged.status).toBe(0);

    const client = createClient({ apiKey: mock.apiKeys[0], baseUrl: mock.url });
    const tracked = await trackOrder(client, {
      containerNumber: 'MAEU1234567',
      scac: 'MAEU',
      refNumbers: ['PO-4471', 'SO-20931'],
    });
    expect(tracked.status).toBe('pending');

    const verified = checkTracking('verify', 'MAEU1234567', 'PO-4471', 'SO-20931');
    expect(verified.output).toContain('ok   a read answered 503, then a retry answered 200');
    expect(verified.status, verified.output).toBe(0);

    // The same check with other reference numbers fails, and shows what the mock received.
    const wrong = checkTracking('verify', 'MAEU1234567', 'PO-9999');
    expect(wrong.status).toBe(1);
    expect(wrong.output).toContain('FAIL it tracks MAEU1234567 with PO-9999');
    expect(wrong.output).toContain('"ref_numbers":["PO-4471","SO-20931"]');
    expect(wrong.output).not.toContain(mock.apiKeys[0]);
  });
});
