/**
 * The mock as a separate process, started the way a CI job starts it
 * (`shiptrack-mock --port 0 --clock manual --ready-file mock.json`, see
 * README.md): the application reads the URL and key from the ready file, as
 * `SVC_API_BASE_URL` and `SVC_API_TOKEN` would carry them, and the test
 * moves the clock through the control API.
 */
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type MockProcess, startMockProcess } from './mock-process.js';
import { pickupStory } from './scenario.js';

let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess(['--clock', 'manual']);
});
afterAll(() => mock.stop());

/** The mock's control API (no key; local only). */
async function control(path: string, body?: unknown): Promise<{ now: string }> {
  const response = await fetch(`${mock.origin}/_mock/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`/_mock/${path} answered ${response.status}`);
  return (await response.json()) as { now: string };
}

describe('pickup report, mock as a process', () => {
  it('follows the demo containers from the terminal to pickup and the rail ones inland', async () => {
    const client = createClient({ apiKey: mock.apiKeys[0], baseUrl: mock.url });
    await pickupStory(client, {
      now: async () => new Date((await control('clock')).now),
      advanceDays: async (days) => {
        await control('clock/advance', { seconds: days * 86_400 });
      },
    });
  });
});
