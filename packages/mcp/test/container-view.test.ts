import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTAINER_VIEW_URI } from '../src/app/container-view.js';
import { loadContainerViewHtml } from '../src/app/view-html.js';
import { BUILT_BIN, requireBuiltBin } from './built-bin.js';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';

/** The view's size budget, uncompressed (size-limit checks it compressed). */
const VIEW_BUDGET_BYTES = 48 * 1024;

const service = startMockService();
afterAll(() => service.mock.dispose());

const APPS_CAPABILITIES = {
  extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
};

async function withConnection<T>(
  capabilities: Record<string, unknown>,
  use: (connection: Connection) => Promise<T>,
): Promise<T> {
  const connection = await connect(
    { client: service.client(), now: () => new Date(MOCK_START) },
    { client: { capabilities } },
  );
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

async function containerId(connection: Connection, number: string): Promise<string> {
  const found = await connection.client.callTool({
    name: 'search_container',
    arguments: { query: number },
  });
  const rows = (
    found.structuredContent as { containers: { id: string; containerNumber: string }[] }
  ).containers;
  const id = rows.find((row) => row.containerNumber === number)?.id;
  if (!id) throw new Error(`demo container ${number} not found`);
  return id;
}

describe('the container view (MCP Apps)', () => {
  it('links the view from get_container and get_container_transport_events only', async () => {
    const { tools } = await withConnection(APPS_CAPABILITIES, (c) => c.client.listTools());
    const linked = tools.filter((tool) => tool._meta?.ui !== undefined).map((tool) => tool.name);
    expect(linked.sort()).toEqual(['get_container', 'get_container_transport_events']);
    for (const tool of tools.filter((t) => linked.includes(t.name))) {
      expect(tool._meta).toEqual({
        ui: { resourceUri: CONTAINER_VIEW_URI },
        'ui/resourceUri': CONTAINER_VIEW_URI,
      });
    }
  });

  it('serves one self-contained HTML document with a strict CSP, under its size budget', async () => {
    await withConnection(APPS_CAPABILITIES, async ({ client }) => {
      const { resources } = await client.listResources();
      const listed = resources.find((resource) => resource.uri === CONTAINER_VIEW_URI);
      expect(listed).toMatchObject({ mimeType: RESOURCE_MIME_TYPE });
      const read = await client.readResource({ uri: CONTAINER_VIEW_URI });
      const [content] = read.contents;
      expect(content).toMatchObject({ uri: CONTAINER_VIEW_URI, mimeType: RESOURCE_MIME_TYPE });
      expect(content?._meta).toMatchObject({
        ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] } },
      });
      const html = content && 'text' in content ? content.text : '';
      expect(html).toBe(await loadContainerViewHtml());
      expect(Buffer.byteLength(html)).toBeLessThan(VIEW_BUDGET_BYTES);
      expect(html).toMatch(/http-equiv="Content-Security-Policy" content="default-src 'none';/);
      expect(html).toContain("connect-src 'none'");
      // Nothing to fetch: no external script, style, image or font reference.
      expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
      expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    });
  });

  it('gives clients without the extension the same results, byte for byte', async () => {
    const calls = async (connection: Connection) => {
      const id = await containerId(connection, 'MAEU4002159');
      return JSON.stringify([
        await connection.client.callTool({ name: 'get_container', arguments: { id } }),
        await connection.client.callTool({
          name: 'get_container',
          arguments: { id, include: ['shipment', 'transport_events'] },
        }),
        await connection.client.callTool({
          name: 'get_container_transport_events',
          arguments: { id },
        }),
      ]);
    };
    const plain = await withConnection({}, calls);
    const withApps = await withConnection(APPS_CAPABILITIES, calls);
    expect(withApps).toBe(plain);
    expect(plain).toContain('MAEU4002159');
  });
});

describe('the container view in the built bin', () => {
  it('reads the view from its own file, the same document as from source', async () => {
    requireBuiltBin('container-view.cjs');
    const client = new Client(
      { name: 'view-check', version: '1.0.0' },
      { capabilities: APPS_CAPABILITIES },
    );
    const env: Record<string, string> = getDefaultEnvironment();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BUILT_BIN, '--mock'],
        env,
        stderr: 'pipe',
      }),
    );
    try {
      const read = await client.readResource({ uri: CONTAINER_VIEW_URI });
      const [content] = read.contents;
      expect(
        content && 'text' in content ? content.text : '',
        'the built view differs from the source: run `pnpm build`',
      ).toBe(await loadContainerViewHtml());
    } finally {
      await client.close();
    }
  });
});
