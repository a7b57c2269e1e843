/**
 * The 2025-11-25 revision as written, over stateless HTTP with the SDK's
 * client: a task asked of a tool that does not run as one is refused.
 */
import type { Client } from '@modelcontextprotocol/client';
import { CreateTaskResultV1Schema } from '@modelcontextprotocol/ext-tasks/core/v1';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

let host: Host;
let client: Client;

beforeAll(async () => {
  host = await startHost();
  client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
});
afterAll(async () => {
  await client?.close();
  await host?.close();
});

describe('tasks (2025-11-25) over HTTP', () => {
  it('answers params.task on a tool without taskSupport with -32601, and calls nothing', async () => {
    const journal = host.mock.mock.journal(DEMO_API_KEY);
    journal.clear();
    const refused = client.request(
      {
        method: 'tools/call',
        params: { name: 'get_container_route', arguments: { id: 'MAEU4002159' }, task: {} },
      },
      CreateTaskResultV1Schema,
    );
    await expect(refused).rejects.toMatchObject({
      code: -32601,
      message: expect.stringContaining('get_container_route does not run as a task'),
    });
    expect(journal.entries()).toEqual([]);
  });
});
