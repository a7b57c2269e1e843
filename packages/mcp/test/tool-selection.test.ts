/**
 * An operator's choice of tools (`readOnly`, `tools`, `toolsets`), through
 * a real MCP client: only what is chosen is listed, a call to anything else
 * is the unknown-tool error, and the prompts, skills and instructions that
 * name a tool not served are left out with it.
 */
import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { UsageError } from '@shiptrack/ops';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/args.js';
import { type CreateServerOptions, createServer, ToolSelectionError } from '../src/index.js';
import { connect, type ProtocolRevision, startMockService } from './harness.js';

const service = startMockService();
afterAll(() => service.mock.dispose());

/** What a client sees of a server chosen by `selection`. */
async function seen(
  selection: Omit<CreateServerOptions, 'client'>,
  revision: ProtocolRevision = '2026-07-28',
) {
  const { client, close } = await connect({ client: service.client(), ...selection }, { revision });
  try {
    const tools = (await client.listTools()).tools;
    const prompts = client.getServerCapabilities()?.prompts
      ? (await client.listPrompts()).prompts.map((prompt) => prompt.name)
      : [];
    const skills = (await new SkillsClient(client).list()).skills.map((s) => s.frontmatter.name);
    return { client, tools, prompts, skills, instructions: client.getInstructions(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The error a call of `name` meets, as the client gets it. */
async function callError(client: Client, name: string, args: Record<string, unknown> = {}) {
  try {
    const result = await client.callTool({ name, arguments: args });
    return { result };
  } catch (error) {
    return {
      code: Reflect.get(Object(error), 'code'),
      message: String(Reflect.get(Object(error), 'message')),
    };
  }
}

describe('a read-only server', () => {
  it('lists no tool that writes, and a call to one is the unknown-tool error', async () => {
    const server = await seen({ readOnly: true });
    try {
      expect(server.tools.map((tool) => tool.name)).not.toContain('track_container');
      for (const tool of server.tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(server.tools).toHaveLength(10);
      const unknown = await callError(server.client, 'no_such_tool');
      const disabled = await callError(server.client, 'track_container', {
        number: 'MSCU7777771',
      });
      expect(unknown.code).toBe(-32602);
      expect(disabled).toEqual({
        code: unknown.code,
        message: String(unknown.message).replace('no_such_tool', 'track_container'),
      });
      // Nothing was created: the account has no request for the number.
      const requests = await service
        .client()
        .trackingRequests.list({ filter: { requestNumber: 'MSCU7777771' } });
      expect(requests.data).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('offers no prompt, skill or instruction that tells the model to track a number', async () => {
    const server = await seen({ readOnly: true });
    try {
      expect(server.prompts).toEqual(['check-demurrage', 'analyze-delays', 'morning-review']);
      expect(server.skills).not.toContain('tracking-a-shipment');
      expect(server.skills).toContain('demurrage-triage');
      expect(server.instructions).not.toContain('track_container');
      // Nor does any tool's description point to it.
      for (const tool of server.tools) expect(tool.description).not.toContain('track_container');
      expect(server.instructions).toContain('It does not start tracking');
    } finally {
      await server.close();
    }
  });

  it('is the same to a 2025-11-25 client', async () => {
    const server = await seen({ readOnly: true }, '2025-11-25');
    try {
      expect(server.tools.map((tool) => tool.name)).not.toContain('track_container');
      expect(server.prompts).not.toContain('track-shipment');
    } finally {
      await server.close();
    }
  });
});

describe('a server of some toolsets and tools', () => {
  it('serves those only, and the prompts and skills whose tools it all serves', async () => {
    const server = await seen({ toolsets: ['containers'], tools: ['search_container'] });
    try {
      expect(server.tools.map((tool) => tool.name)).toEqual([
        'search_container',
        'get_container',
        'get_container_transport_events',
        'get_container_route',
        'list_containers',
        'needs_attention',
      ]);
      expect(server.prompts).toEqual(['check-demurrage', 'morning-review']);
      // Its toolset keeps the folded tool callable, though unlisted, for its release.
      const atRisk = await server.client.callTool({
        name: 'list_containers_at_risk',
        arguments: {},
      });
      expect(atRisk.isError, JSON.stringify(atRisk.content)).toBeFalsy();
      expect(server.skills).not.toContain('explaining-a-delay');
      expect(server.instructions).toContain(
        'This server serves these tools only: search_container, get_container,',
      );
      const unknown = await callError(server.client, 'no_such_tool');
      const disabled = await callError(server.client, 'get_shipment_details');
      expect(disabled).toEqual({
        code: unknown.code,
        message: String(unknown.message).replace('no_such_tool', 'get_shipment_details'),
      });
    } finally {
      await server.close();
    }
  });

  it('declares no prompts when none is served', async () => {
    const server = await seen({ toolsets: ['carriers'] });
    try {
      expect(server.tools.map((tool) => tool.name)).toEqual(['get_supported_shipping_lines']);
      expect(server.prompts).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('is refused at creation when it names what is not there', () => {
    expect(() => createServer({ client: service.client(), toolsets: ['everything'] })).toThrow(
      ToolSelectionError,
    );
  });
});

describe('the switches of shiptrack-mcp', () => {
  it('reads --read-only, --tools and --toolsets (comma-separated or repeated), then SVC_MCP_*', () => {
    expect(parseCli([]).selection).toEqual({});
    expect(parseCli(['--read-only']).selection).toEqual({ readOnly: true });
    expect(
      parseCli(['--tools', 'get_container, list_containers', '--tools', 'search_container'])
        .selection,
    ).toEqual({ tools: ['get_container', 'list_containers', 'search_container'] });
    expect(
      parseCli([], {
        SVC_MCP_READ_ONLY: '1',
        SVC_MCP_TOOLS: 'search_container',
        SVC_MCP_TOOLSETS: 'containers,shipments',
      }).selection,
    ).toEqual({
      readOnly: true,
      tools: ['search_container'],
      toolsets: ['containers', 'shipments'],
    });
    // A flag wins over its variable; an empty variable is unset.
    expect(
      parseCli(['--toolsets', 'carriers'], {
        SVC_MCP_TOOLSETS: 'containers',
        SVC_MCP_TOOLS: ' ',
      }).selection,
    ).toEqual({ toolsets: ['carriers'] });
  });

  it('stops the start on a name that is no tool or toolset, or a switch it cannot read', () => {
    expect(() => parseCli(['--tools', 'get_containers'])).toThrow(UsageError);
    expect(() => parseCli(['--tools', 'get_containers'])).toThrow(
      /no tool "get_containers" \(tools: .*get_container,/,
    );
    expect(() => parseCli([], { SVC_MCP_TOOLSETS: 'boxes' })).toThrow(/no toolset "boxes"/);
    expect(() => parseCli(['--read-only', '--tools', 'track_container'])).toThrow(
      /track_container writes/,
    );
    expect(() => parseCli([], { SVC_MCP_READ_ONLY: 'yes' })).toThrow(
      /SVC_MCP_READ_ONLY must be true or false/,
    );
  });
});
