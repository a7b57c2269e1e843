/**
 * Tools kept callable but left out of `tools/list`: a renamed or folded
 * tool keeps its old name working for a release without spending the
 * list's token budget. The SDK has no unlisted tool (a disabled one cannot
 * be called either), so its installed `tools/list` handler is wrapped, the
 * way `tool-call-handler.ts` wraps `tools/call`.
 */
import type { ListToolsResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { installedHandler } from './tool-call-handler.js';

type ToolListHandler = (request: unknown, ctx: ServerContext) => Promise<ListToolsResult>;

/** Leaves the tools named `names` out of `tools/list` (call after they are registered); they stay callable. */
export function unlistTools(server: Server, names: readonly string[]): void {
  if (names.length === 0) return;
  const hidden = new Set(names);
  // Safe: this is the handler McpServer registered for tools/list, with that signature.
  const list = installedHandler(server, 'tools/list') as ToolListHandler;
  server.removeRequestHandler('tools/list');
  server.setRequestHandler('tools/list', async (request, ctx) => {
    const result = await list(request, ctx);
    return { ...result, tools: result.tools.filter((tool) => !hidden.has(tool.name)) };
  });
}
