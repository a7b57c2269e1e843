/**
 * The mock as a separate process, started the way a CI job starts it
 * (`shiptrack-mock --port 0 --clock manual --ready-file mock.json`, see
 * README.md): the application reads the URL and key from the ready file, as
 * `SVC_API_BASE_URL` and `SVC_API_TOKEN` would carry them, and the test
 * moves the clock through the control API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { pickupStory } from './scenario.js';

/** The `shiptrack-mock` bin's program, from this workspace's sources (no build needed). */
const require = createRequire(import.meta.url);
const MOCK_CLI = fileURLToPath(import.meta.resolve('@shiptrack/mock-server')).replace(
  /index\.ts$/,
  'cli.ts',
);

let dir: string;
let mock: ChildProcess;
let ready: { url: string; apiKeys: string[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shiptrack-mock-in-ci-'));
  const readyFile = join(dir, 'mock.json');
  mock = spawn(
    process.execPath,
    [
      '--conditions=shiptrack-source',
      '--import',
      require.resolve('tsx'),
      MOCK_CLI,
      '--port',
      '0',
      '--clock',
      'manual',
      '--ready-file',
      readyFile,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // The CLI prints its one JSON line after the ready file is in place.
  await once(mock.stdout ?? mock, 'data');
  ready = JSON.parse(readFileSync(readyFile, 'utf8')) as typeof ready;
});
afterAll(async () => {
  if (mock.exitCode === null) {
    mock.kill('SIGTERM');
    await once(mock, 'exit');
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The mock's control API (no key; local only). */
async function control(path: string, body?: unknown): Promise<{ now: string }> {
  const response = await fetch(new URL(`/_mock/${path}`, ready.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`/_mock/${path} answered ${response.status}`);
  return (await response.json()) as { now: string };
}

describe('pickup report, mock as a process', () => {
  it('follows the demo containers from the terminal to pickup and the rail ones inland', async () => {
    const client = createClient({ apiKey: ready.apiKeys[0], baseUrl: ready.url });
    await pickupStory(client, {
      now: async () => new Date((await control('clock')).now),
      advanceDays: async (days) => {
        await control('clock/advance', { seconds: days * 86_400 });
      },
    });
  });
});
