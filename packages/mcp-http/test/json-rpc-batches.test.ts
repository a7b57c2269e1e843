import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, postRpc, startHost } from './support/host.js';

const TOKEN = { authorization: `Token ${DEMO_API_KEY}` };
const PINGS = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

function initialize(protocolVersion: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'batch-test', version: '1' } },
  };
}

/** The JSON-RPC messages of a response, whether sent as JSON or as an SSE stream. */
async function messagesOf(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = JSON.parse(text) as Record<string, unknown> | Array<Record<string, unknown>>;
    return Array.isArray(body) ? body : [body];
  }
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line.length > 'data: '.length)
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
}

describe('JSON-RPC batches over HTTP', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host?.close());

  async function expectRefused(response: Response) {
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as {
      id: unknown;
      error: { code: number; message: string };
    };
    expect(body.id).toBeNull();
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain('batching is not supported since protocol 2025-06-18');
    expect(body.error.message).toContain('Send one message per request');
  }

  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])(
    'refuses a batch sent with MCP-Protocol-Version %s, running none of it',
    async (revision) => {
      const before = host.logs.length;
      const response = await postRpc(host.url, PINGS, {
        ...TOKEN,
        'mcp-protocol-version': revision,
      });
      await expectRefused(response);
      const entry = host.logs.slice(before).find((logged) => logged.note === 'batch refused');
      expect(entry).toMatchObject({ status: 400, rpcMethod: 'ping,tools/list' });
    },
  );

  it('refuses a batch whose initialize asks for 2025-06-18 or later (no header yet)', async () => {
    const response = await fetch(host.url, {
      method: 'POST',
      headers: {
        ...TOKEN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify([initialize('2025-06-18')]),
    });
    await expectRefused(response);
  });

  it('still serves a batch under 2025-03-26, which allowed batching', async () => {
    const response = await postRpc(host.url, PINGS, {
      ...TOKEN,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(response.status).toBe(200);
    const answers = await messagesOf(response);
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2]);
    expect(answers.every((answer) => 'result' in answer)).toBe(true);
  });

  it('serves a 2025-03-26 initialize sent alone in a batch', async () => {
    const response = await fetch(host.url, {
      method: 'POST',
      headers: {
        ...TOKEN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify([initialize('2025-03-26')]),
    });
    expect(response.status).toBe(200);
    const [answer] = await messagesOf(response);
    expect(answer).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
  });

  it('keeps serving single messages after refusing batches', async () => {
    const client = await connectWithHeader(host.url, TOKEN.authorization, '2025-11-25');
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
