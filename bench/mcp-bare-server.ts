/**
 * The reference of the cold-start benchmark: an MCP server with nothing of
 * ours (no tools, no SDK), served over stdio by the MCP SDK the way
 * `shiptrack-mcp` is. Bundled and launched exactly like the command, it
 * measures what the MCP SDK's own start costs on this machine. It exits on
 * SIGTERM as the command does, so its launcher writes the same full code
 * cache when the benchmark's first start is stopped.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

serveStdio(
  () => new McpServer({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } }),
);
process.once('SIGTERM', () => process.exit(0));
