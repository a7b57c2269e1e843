/**
 * The `tools/call` and `tools/list` handlers `McpServer` installed, for the
 * wrappers that see every call before the tool does (tasks, requestState
 * verification) and the list that leaves unlisted tools out.
 */
import type {
  CallToolRequest,
  CallToolResult,
  InputRequiredResult,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';

/** The stored `tools/call` handler of the SDK's `Server`. */
export type ToolCallHandler = (
  request: CallToolRequest,
  ctx: ServerContext,
) => Promise<CallToolResult | InputRequiredResult>;

/**
 * The handler `McpServer` installed for `method`. The SDK offers no public
 * way to see a whole call before the tool callback (its `params.task`, a
 * requestState to refuse) nor to leave a tool out of `tools/list`, so the
 * handler is wrapped; `_getRequestHandler` is the accessor its own role
 * classes use.
 */
export function installedHandler(server: Server, method: 'tools/call' | 'tools/list'): unknown {
  const accessor: unknown = Reflect.get(server, '_getRequestHandler');
  const handler: unknown =
    typeof accessor === 'function' ? accessor.call(server, method) : undefined;
  if (typeof handler !== 'function') {
    throw new Error(
      `The MCP SDK no longer exposes its ${method} handler: @shiptrack/mcp needs a matching @modelcontextprotocol/server.`,
    );
  }
  return handler;
}

/** The `tools/call` handler `McpServer` installed (see {@link installedHandler}). */
export function installedToolCallHandler(server: Server): ToolCallHandler {
  // Safe: this is the handler McpServer registered for tools/call, with that signature.
  return installedHandler(server, 'tools/call') as ToolCallHandler;
}
