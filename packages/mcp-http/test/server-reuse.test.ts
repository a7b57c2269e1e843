/**
 * The default factory's servers serve more than one request: nothing one
 * caller leaves in a server reaches another caller, whichever account,
 * protocol revision or client it is.
 */
import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectWithHeader,
  type Host,
  type ProtocolRevision,
  postRpc,
  startHost,
} from './support/host.js';

/** A booking number the mock cannot attribute to one carrier (MAEU, SEAU or SAFM). */
const UNCERTAIN_BOOKING = '555000111';

interface Caller {
  name: string;
  client: Client;
  own: string[];
  other: string[];
  /** The container number of each id, both accounts'. */
  numbers: ReadonlyMap<string, string>;
}

/** The account's containers: id to container number. */
async function containersOf(apiKey: string, baseUrl: string): Promise<Map<string, string>> {
  const sdk = createClient({ apiKey, baseUrl, rateLimit: false });
  const { data } = await sdk.containers.list({ pageSize: 100 });
  return new Map(data.map((container) => [container.id, container.number ?? container.id]));
}

/** One call of `caller` and what its answer must be: its own container, or none of the other's. */
async function checkedCall(caller: Caller, index: number): Promise<void> {
  const { client, own, other } = caller;
  const kind = index % 3;
  if (kind === 0) {
    const id = own[index % own.length] as string;
    const result = await client.callTool({ name: 'get_container', arguments: { id } });
    expect(result.isError, `${caller.name} get_container`).toBeFalsy();
    expect((result.structuredContent as { id: string }).id).toBe(id);
  } else if (kind === 1) {
    const id = other[index % other.length] as string;
    const result = await client.callTool({ name: 'get_container', arguments: { id } });
    expect(result.isError, `${caller.name} read another account's container`).toBe(true);
  } else {
    const result = await client.callTool({ name: 'list_containers', arguments: {} });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const got = (result.structuredContent as { containers: { id: string }[] }).containers;
    expect(got.map((container) => container.id).sort()).toEqual([...own].sort());
  }
}

/**
 * One turn of `caller` on requests the fast path never answers, so a pooled
 * server does: the container resource, and tool calls with a `_meta` of
 * their own. Each must see the caller's own account only.
 */
async function pooledTurn(caller: Caller, turn: number): Promise<void> {
  const { client, own, other, numbers, name } = caller;
  const mine = own[turn % own.length] as string;
  const theirs = other[turn % other.length] as string;
  const read = await client.readResource({ uri: `service://container/${mine}` });
  const [content] = read.contents;
  expect(content && 'text' in content ? content.text : '', `${name} read its container`).toContain(
    numbers.get(mine),
  );
  await expect(
    client.readResource({ uri: `service://container/${theirs}` }),
    `${name} read another account's container`,
  ).rejects.toThrow(/no container with id/);
  const _meta = { 'shiptrack.test/turn': turn };
  const got = await client.callTool({ name: 'get_container', arguments: { id: mine }, _meta });
  expect((got.structuredContent as { id: string } | undefined)?.id, `${name} get_container`).toBe(
    mine,
  );
  const listed = await client.callTool({ name: 'list_containers', arguments: {}, _meta });
  const rows = (listed.structuredContent as { containers: { id: string }[] } | undefined)
    ?.containers;
  expect(rows?.map((row) => row.id).sort(), `${name} list_containers`).toEqual([...own].sort());
}

describe('servers reused between requests', () => {
  let host: Host;
  const callers: Caller[] = [];

  beforeAll(async () => {
    // The load is the point here, not the limits: the mock's and the host's are raised.
    const limits = { default: 1_000_000 };
    host = await startHost({ rateLimits: limits });
    host.mock.mock.setRateLimits(limits);
    const acmeContainers = await containersOf(DEMO_API_KEY, host.mock.url);
    const globexContainers = await containersOf(DEMO_SECOND_API_KEY, host.mock.url);
    const numbers = new Map([...acmeContainers, ...globexContainers]);
    const acme = [...acmeContainers.keys()];
    const globex = [...globexContainers.keys()];
    const revisions: ProtocolRevision[] = ['2025-11-25', '2026-07-28'];
    for (const revision of revisions) {
      callers.push(
        {
          name: `acme ${revision}`,
          client: await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, revision),
          own: acme,
          other: globex,
          numbers,
        },
        {
          name: `globex ${revision}`,
          client: await connectWithHeader(host.url, `Token ${DEMO_SECOND_API_KEY}`, revision),
          own: globex,
          other: acme,
          numbers,
        },
      );
    }
  });
  afterAll(async () => {
    await Promise.all(callers.map(({ client }) => client.close()));
    await host?.close();
  });

  it('answer every caller of two accounts with its own data when their calls interleave under load', async () => {
    const calls = Array.from({ length: 160 }, (_, index) =>
      checkedCall(callers[index % callers.length] as Caller, Math.floor(index / callers.length)),
    );
    await Promise.all(calls);
    expect(host.errors).toEqual([]);
    // These plain calls are the fast path's: no server was built or reused for them.
    const toolCalls = host.logs.filter((entry) => entry.rpcMethod === 'tools/call');
    expect(toolCalls.length).toBeGreaterThanOrEqual(160);
    expect(toolCalls.filter((entry) => entry.served !== 'direct')).toEqual([]);
  });

  it('serve two accounts taking turns on pooled servers only their own data, in both eras', async () => {
    const before = host.logs.length;
    for (let turn = 0; turn < 3; turn++) {
      for (const caller of callers) await pooledTurn(caller, turn);
    }
    expect(host.errors).toEqual([]);
    // None of these went through the fast path: each was answered by a server of the pool.
    const served = host.logs
      .slice(before)
      .filter((entry) => entry.rpcMethod === 'resources/read' || entry.rpcMethod === 'tools/call');
    expect(served.filter((entry) => entry.rpcMethod === 'tools/call')).toHaveLength(
      3 * callers.length * 2,
    );
    // A 2026-07-28 client may read its own container again from its cache (private, a minute).
    expect(served.length).toBeLessThanOrEqual(3 * callers.length * 4);
    expect(served.filter((entry) => entry.served === 'direct')).toEqual([]);
  });

  it('keep the logging level a 2025 client set for that caller only, whichever server answers', async () => {
    const failing = {
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'get_container', arguments: { id: 'no-such-container' } },
    };
    const setLevel = async (apiKey: string, level: string) => {
      const set = await postRpc(
        host.url,
        { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level } },
        { authorization: `Token ${apiKey}` },
      );
      expect(set.status).toBe(200);
      await set.text();
    };
    const failedCall = async (apiKey: string, id: number) => {
      const answer = await postRpc(
        host.url,
        { ...failing, id },
        { authorization: `Token ${apiKey}` },
      );
      const text = await answer.text();
      expect(text).toContain('"isError":true');
      return text.includes('notifications/message');
    };
    await setLevel(DEMO_API_KEY, 'emergency');
    try {
      // Twice: the second is answered by a server that served a call before.
      expect(await failedCall(DEMO_API_KEY, 2)).toBe(false);
      expect(await failedCall(DEMO_API_KEY, 3)).toBe(false);
      // No level was set for the other account, so its failure is logged to it.
      expect(await failedCall(DEMO_SECOND_API_KEY, 4)).toBe(true);
    } finally {
      await setLevel(DEMO_API_KEY, 'debug');
    }
  });

  it('ask only the 2026-07-28 client that declared elicitation, whichever asked before', async () => {
    const questions: unknown[] = [];
    const eliciting = await connectWithHeader(
      host.url,
      `Token ${DEMO_API_KEY}`,
      '2026-07-28',
      { capabilities: { elicitation: { form: {} } } },
      (created: Client) => {
        created.setRequestHandler('elicitation/create', async (request) => {
          questions.push(request.params);
          return { action: 'decline' };
        });
      },
    );
    const plain = callers.find(({ name }) => name === 'acme 2026-07-28')?.client as Client;
    try {
      for (let round = 0; round < 3; round++) {
        await eliciting.callTool({
          name: 'track_container',
          arguments: { number: UNCERTAIN_BOOKING },
        });
        expect(questions).toHaveLength(round + 1);
        const answer = await plain.callTool({
          name: 'track_container',
          arguments: { number: UNCERTAIN_BOOKING },
        });
        expect(questions).toHaveLength(round + 1);
        for (const scac of ['MAEU', 'SEAU', 'SAFM']) expect(JSON.stringify(answer)).toContain(scac);
      }
    } finally {
      await eliciting.close();
    }
  });
});
