/**
 * The handler's `readOnly`, `tools` and `toolsets` over HTTP with the SDK's
 * client: the full server and the fast path serve the same tools, a call to
 * one not served is the unknown-tool error, and a name that is not there
 * stops the start.
 */
import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { UsageError } from '@shiptrack/ops';
import { ConfigurationError } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../src/cli/args.js';
import { createMcpHttpHandler } from '../src/index.js';
import { connectWithHeader, type Host, type ProtocolRevision, startHost } from './support/host.js';

/** The error a call of `name` meets, as the client gets it. */
async function callError(client: Client, name: string, args: Record<string, unknown> = {}) {
  try {
    return { result: await client.callTool({ name, arguments: args }) };
  } catch (error) {
    return {
      code: Reflect.get(Object(error), 'code'),
      message: String(Reflect.get(Object(error), 'message')),
    };
  }
}

describe.each<ProtocolRevision>(['2025-11-25', '2026-07-28'])(
  'a read-only host (%s)',
  (revision) => {
    let host: Host;
    let client: Client;

    beforeAll(async () => {
      host = await startHost({ readOnly: true });
      client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, revision);
    });
    afterAll(async () => {
      await client?.close();
      await host?.close();
    });

    it('lists no tool that writes, on the full server and from the kept list alike', async () => {
      for (const round of [1, 2]) {
        const { tools } = await client.listTools();
        expect(
          tools.map((tool) => tool.name),
          `round ${round}`,
        ).not.toContain('track_container');
        for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      }
    });

    it('answers a call to track_container as to an unknown tool, and creates nothing', async () => {
      const journal = host.mock.mock.journal(DEMO_API_KEY);
      journal.clear();
      const unknown = await callError(client, 'no_such_tool');
      const disabled = await callError(client, 'track_container', { number: 'MSCU7777771' });
      expect(unknown.code).toBe(-32602);
      expect(disabled).toEqual({
        code: unknown.code,
        message: String(unknown.message).replace('no_such_tool', 'track_container'),
      });
      expect(journal.entries()).toEqual([]);
    });

    it('serves the tools that read, fast', async () => {
      const before = host.logs.length;
      const result = await client.callTool({ name: 'list_containers', arguments: {} });
      expect(result.isError).toBeFalsy();
      if (revision === '2025-11-25') {
        expect(host.logs.slice(before).at(-1)).toMatchObject({ served: 'direct' });
      }
    });
  },
);

describe('a host of one toolset', () => {
  let host: Host;
  let client: Client;

  beforeAll(async () => {
    host = await startHost({ toolsets: ['carriers'] });
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
  });
  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  it('answers a plain call to a tool that reads but is not served as to an unknown tool', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'get_supported_shipping_lines',
    ]);
    const unknown = await callError(client, 'no_such_tool');
    const disabled = await callError(client, 'get_container', { id: 'MAEU4002159' });
    expect(disabled).toEqual({
      code: unknown.code,
      message: String(unknown.message).replace('no_such_tool', 'get_container'),
    });
  });
});

describe('the selection at start', () => {
  it('is a ConfigurationError naming what is not there', () => {
    const start = () => createMcpHttpHandler({ tools: ['get_containers'], log: false });
    expect(start).toThrow(ConfigurationError);
    expect(start).toThrow(/no tool "get_containers" \(tools: search_container,/);
    expect(() => createMcpHttpHandler({ readOnly: true, tools: ['track_container'] })).toThrow(
      /track_container writes/,
    );
  });

  it('is refused beside a createServer of your own, which it would not reach', () => {
    expect(() =>
      createMcpHttpHandler({
        readOnly: true,
        createServer: () => new McpServer({ name: 'custom', version: '1' }),
      }),
    ).toThrow(/to your `createServer`/);
  });
});

describe('the command line of shiptrack-mcp-http', () => {
  it('takes --read-only, --tools and --toolsets, or else SVC_MCP_READ_ONLY, SVC_MCP_TOOLS and SVC_MCP_TOOLSETS', () => {
    expect(parseCommand([], {}).options).not.toHaveProperty('readOnly');
    expect(
      parseCommand(['--read-only', '--toolsets', 'containers,carriers'], {
        SVC_MCP_TOOLSETS: 'search',
      }).options,
    ).toMatchObject({ readOnly: true, toolsets: ['containers', 'carriers'] });
    expect(
      parseCommand([], {
        SVC_MCP_READ_ONLY: 'true',
        SVC_MCP_TOOLS: 'search_container, get_container',
      }).options,
    ).toMatchObject({ readOnly: true, tools: ['search_container', 'get_container'] });
  });

  it('stops the start on a selection that cannot be served, naming it', () => {
    expect(() => parseCommand(['--tools', 'get_containers'], {})).toThrow(UsageError);
    expect(() => parseCommand(['--tools', 'get_containers'], {})).toThrow(
      /no tool "get_containers"/,
    );
    expect(() => parseCommand(['--read-only', '--tools', 'track_container'], {})).toThrow(
      /track_container writes/,
    );
    expect(() => parseCommand([], { SVC_MCP_READ_ONLY: 'yes' })).toThrow(
      /SVC_MCP_READ_ONLY must be true or false/,
    );
  });

  it('serves what it parsed: --read-only lists no tool that writes', async () => {
    const { readOnly, tools, toolsets } = parseCommand(['--read-only'], {}).options;
    const host = await startHost({ readOnly, tools, toolsets });
    const client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(10);
      expect(names).not.toContain('track_container');
    } finally {
      await client.close();
      await host.close();
    }
  });
});
