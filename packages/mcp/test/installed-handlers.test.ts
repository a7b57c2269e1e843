/**
 * The wrappers of `tools/call` and `tools/list` reach the handlers the MCP
 * SDK's `McpServer` installs; a server without them (an SDK that changed,
 * or no tool registered yet) is refused with a message saying why, never
 * wrapped as if it were there.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { installedHandler } from '../src/core/tool-call-handler.js';

function serverWith(tools: number): McpServer {
  const server = new McpServer({ name: 'handlers-test', version: '0.0.0' });
  for (let index = 0; index < tools; index++) {
    server.registerTool(`tool_${index}`, { description: 'a test tool' }, async () => ({
      content: [],
    }));
  }
  return server;
}

describe('installedHandler', () => {
  it("returns McpServer's own tools/call and tools/list handlers once a tool is registered", () => {
    const server = serverWith(1);
    expect(installedHandler(server.server, 'tools/call')).toBeTypeOf('function');
    expect(installedHandler(server.server, 'tools/list')).toBeTypeOf('function');
  });

  it('refuses a server that has no such handler, naming the method', () => {
    const server = serverWith(0);
    expect(() => installedHandler(server.server, 'tools/list')).toThrow(
      'The MCP SDK no longer exposes its tools/list handler: @shiptrack/mcp needs a matching @modelcontextprotocol/server.',
    );
    expect(() => installedHandler(server.server, 'tools/call')).toThrow(/its tools\/call handler/);
  });
});
