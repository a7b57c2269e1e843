/**
 * Each revision as written, over stateless HTTP with the SDK's client: a
 * 2025-11-25 task asked of a tool that does not run as one is refused, the
 * level a 2025 client sets holds for its next requests, though each gets a
 * server of its own (on any instance sharing Redis), and the 2026-07-28
 * lists say how long they may be kept and by whom.
 */
import {
  Client,
  type LoggingMessageNotification,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { CreateTaskResultV1Schema } from '@modelcontextprotocol/ext-tasks/core/v1';
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import {
  connectWithHeader,
  type Host,
  MOCK_START,
  revisionOptions,
  startHost,
} from './support/host.js';

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

/** A container id no account has: `get_container` fails with `not_found`, logged at `info`. */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * A 2025-11-25 client whose requests go to `urls` in turn (one URL: always
 * there), keeping the log messages it receives.
 */
async function loggingClient(urls: readonly URL[], apiKey = DEMO_API_KEY) {
  const messages: LoggingMessageNotification['params'][] = [];
  const client = new Client(
    { name: 'shiptrack-http-test', version: '1.0.0' },
    revisionOptions('2025-11-25'),
  );
  client.setNotificationHandler('notifications/message', (notification) => {
    messages.push(notification.params);
  });
  let next = 0;
  const first = urls[0] as URL;
  await client.connect(
    new StreamableHTTPClientTransport(first, {
      requestInit: { headers: { authorization: `Token ${apiKey}` } },
      fetch: (_url, init) => fetch(urls[next++ % urls.length] ?? first, init),
    }),
  );
  /** The levels of the messages a failed call brings: plain (the fast path) and watched (a full server). */
  const failedCallLevels = async () => {
    messages.length = 0;
    await client.callTool({ name: 'get_container', arguments: { id: UNKNOWN } });
    await client.callTool(
      { name: 'get_container', arguments: { id: UNKNOWN } },
      { onprogress: () => {} },
    );
    return messages.map((message) => message.level);
  };
  return { client, failedCallLevels };
}

describe('logging/setLevel (2025-11-25) over stateless HTTP', () => {
  it('holds the next requests of the caller to the level it set, fast path and full server alike', async () => {
    const { client, failedCallLevels } = await loggingClient([host.url]);
    const other = await loggingClient([host.url], DEMO_SECOND_API_KEY);
    try {
      expect(await failedCallLevels()).toEqual(['info', 'info']);
      await client.setLoggingLevel('error');
      expect(await failedCallLevels()).toEqual([]);
      // Another account's level is its own.
      expect(await other.failedCallLevels()).toEqual(['info', 'info']);
      await client.setLoggingLevel('info');
      expect(await failedCallLevels()).toEqual(['info', 'info']);
      expect(
        host.logs.some((entry) => entry.rpcMethod === 'tools/call' && entry.served === 'direct'),
      ).toBe(true);
    } finally {
      await client.close();
      await other.client.close();
    }
  });
});

describeWithRedis('logging/setLevel across instances sharing Redis', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    first = await startHost({ redisUrl: redis.url() }, mock);
    second = await startHost({ redisUrl: redis.url() }, mock);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await mock?.close();
  });

  it('finds the level set on one instance when the next request lands on the other', async () => {
    const { client, failedCallLevels } = await loggingClient([first.url, second.url]);
    try {
      await client.setLoggingLevel('error');
      expect(await failedCallLevels()).toEqual([]);
      const served = (h: Host) => h.logs.filter((entry) => entry.target === 'get_container').length;
      expect([served(first), served(second)]).toEqual([1, 1]);
    } finally {
      await client.close();
    }
  });
});
