/**
 * Each revision as written, over stateless HTTP with the SDK's client: a
 * 2025-11-25 task asked of a tool that does not run as one is refused, and
 * the 2026-07-28 lists say how long they may be kept and by whom.
 */
import type { Client } from '@modelcontextprotocol/client';
import { CreateTaskResultV1Schema } from '@modelcontextprotocol/ext-tasks/core/v1';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

let host: Host;
let client: Client;
let modern: Client;

beforeAll(async () => {
  host = await startHost();
  client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
  modern = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2026-07-28');
});
afterAll(async () => {
  await client?.close();
  await modern?.close();
  await host?.close();
});

/** A result's cache fields. */
const hint = (result: object) => ({
  ttlMs: Reflect.get(result, 'ttlMs'),
  cacheScope: Reflect.get(result, 'cacheScope'),
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

describe('cache hints (2026-07-28) over HTTP', () => {
  it('lets anyone keep the tool and prompt lists an hour', async () => {
    const first = await modern.listTools();
    const again = await modern.listTools();
    expect(hint(first)).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
    expect(hint(again)).toEqual(hint(first));
    expect(hint(await modern.listPrompts())).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
  });

  it('lets only the caller keep the resource list, which names the account’s containers', async () => {
    const listed = await modern.listResources();
    expect(listed.resources.some((r) => r.uri.startsWith('service://container/'))).toBe(true);
    expect(hint(listed)).toEqual({ ttlMs: 60_000, cacheScope: 'private' });
  });
});
