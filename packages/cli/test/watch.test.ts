import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeRecord, pollInterval } from '../src/commands/watch.js';
import {
  captured,
  control,
  PACKAGE_DIR,
  shiptrack,
  startShiptrack,
  startTestMock,
  TEST_API_KEY,
} from './helpers.js';

let mock: RunningMockServer;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
});

afterAll(async () => {
  await mock?.close();
});

describe('shiptrack watch in a pipe', () => {
  it('writes one NDJSON change record per change, and exits 130 on SIGINT', async () => {
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    const [ship] = (await client.containers.list({ filter: { status: 'on_ship' }, pageSize: 1 }))
      .data;
    const run = startShiptrack(
      ['watch', String(ship?.number), '--share', '1', '--interval', '0.3'],
      { env },
    );
    const records = () =>
      run
        .stdout()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as ChangeRecord);
    await run.waitFor('stdout', /\n/);
    expect(records()[0]).toMatchObject({
      kind: 'initial',
      containerId: ship?.id,
      state: { status: 'on_ship' },
    });
    await control(mock, 'POST', 'clock/advance', { seconds: 40 * 86_400 });
    await run.waitFor('stdout', /"kind":"changed"/);
    const changed = records().find((record) => record.kind === 'changed');
    expect(changed?.changes.status).toMatchObject({ from: 'on_ship' });
    // Only what changed is listed.
    expect(Object.keys(changed?.changes ?? {})).not.toContain('number');
    run.kill('SIGINT');
    const { code, stderr } = await run.exited;
    expect(code).toBe(130);
    expect(stderr).toMatch(
      /every \d+(\.\d)?s: \d+ request\(s\) a minute, within 100% of the limit of 100 per 60s/,
    );
  });

  it('keeps its rounds within the share of the rate limit', () => {
    // 3 containers at 10% of 100 a minute: 10 reads a minute, a round every 18 s.
    expect(pollInterval(3, 1000, 0.1)).toBe(18_000);
    expect(pollInterval(1, 60_000, 0.5)).toBe(60_000);
  });
});

it('prints the version of its package', async () => {
  const run = await shiptrack(['--version']);
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(run.stdout.trim()).toBe(manifest.version);
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
