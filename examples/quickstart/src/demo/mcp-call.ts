/**
 * The MCP side: a client of the MCP TypeScript SDK connects to the MCP
 * server over streamable HTTP with the API key and calls `get_container`,
 * the tool an AI assistant would call for the same question.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Calls `get_container` for `containerId` and returns the tool's text. */
export async function getContainerOverMcp(
  mcpUrl: string,
  apiKey: string,
  containerId: string,
): Promise<string> {
  const client = new Client({ name: 'shiptrack-demo', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Token ${apiKey}` } },
    }),
  );
  try {
    const result = await client.callTool({
      name: 'get_container',
      arguments: { id: containerId, include: ['shipment'] },
    });
    const text = result.content
      .flatMap((item) => (item.type === 'text' ? [item.text] : []))
      .join('\n');
    if (result.isError) throw new Error(`get_container failed: ${text}`);
    return text;
  } finally {
    await client.close();
  }
}
