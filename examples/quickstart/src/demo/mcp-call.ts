/**
 * The MCP side: a client of the MCP TypeScript SDK connects to the MCP
 * server over streamable HTTP with the API key and calls a tool
 * (`get_container`, `needs_attention`), as an AI assistant would for the
 * same question.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Calls the tool `name` with `args` and returns its text; a tool error throws. */
export async function callToolOverMcp(
  mcpUrl: string,
  apiKey: string,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const client = new Client({ name: 'shiptrack-demo', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Token ${apiKey}` } },
    }),
  );
  try {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content
      .flatMap((item) => (item.type === 'text' ? [item.text] : []))
      .join('\n');
    if (result.isError) throw new Error(`${name} failed: ${text}`);
    return text;
  } finally {
    await client.close();
  }
}
