/**
 * The `tools/call` handler `McpServer` installed, for the wrappers that
 * see every call before the tool does (tasks, requestState verification).
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
 * The `tools/call` handler `McpServer` installed. The SDK offers no public
 * way to see a whole call before the tool callback (its `params.task`, a
 * requestState to refuse), so the handler is wrapped; `_getRequestHandler`
 * is the accessor its own role classes use.
 */
export function installedToolCallHandler(server: Server): ToolCallHandler {
  const accessor: unknown = Reflect.get(server, '_getRequestHandler');
  const handler: unknown =
    typeof accessor === 'function' ? accessor.call(server, 'tools/call') : undefined;
  if (typeof handler !== 'function') {
    throw new Error(
      'The MCP SDK no longer exposes its tools/call handler: @shiptrack/mcp needs a matching @modelcontextprotocol/server.',
    );
  }
  // Safe: this is the handler McpServer registered for tools/call, with that signature.
  return handler as ToolCallHandler;
}
