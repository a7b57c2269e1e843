/**
 * The configuration files work as written: the Cursor and VS Code files
 * connect to the stack of `pnpm start` (on free ports here, so the test
 * swaps only the port) with their header and call a tool; the Claude
 * Desktop file names the package whose one bin is the stdio server with
 * `--mock`, and that server answers a tool call. (`scripts/check-packed.ts`
 * runs the same `npx` command from the packed tarball.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORTS } from '../../../scripts/start/options.js';
import type { RunningStack } from '../../../scripts/start/stack.js';
import { startQuietStack } from '../../../test/support/quiet-stack.js';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(here, '..', '..');

function readJson<T>(...path: string[]): T {
  return JSON.parse(readFileSync(join(here, ...path), 'utf8')) as T;
}

interface HttpEntry {
  url: string;
  headers: Record<string, string>;
}

const cursor = readJson<{ mcpServers: Record<string, HttpEntry> }>('cursor', 'mcp.json');
const vscode = readJson<{ servers: Record<string, HttpEntry & { type: string }> }>(
  'vscode',
  'mcp.json',
);
const claude = readJson<{ mcpServers: Record<string, { command: string; args: string[] }> }>(
  'claude-desktop',
  'claude_desktop_config.json',
);

async function callSearch(client: Client): Promise<string> {
  const result = await client.callTool({
    name: 'search_container',
    arguments: { query: 'MAEU4002159' },
  });
  expect(result.isError).toBeFalsy();
  return (result.content as { text?: string }[]).map((item) => item.text ?? '').join('\n');
}

describe('HTTP configurations (Cursor, VS Code) against the stack of pnpm start', () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startQuietStack();
  });
  afterAll(() => stack?.close());

  const entries = [
    ['Cursor', cursor.mcpServers.shiptrack],
    ['VS Code', vscode.servers.shiptrack],
  ] as const;

  it.each(entries)("%s names pnpm start's MCP URL and demo key", (_client, entry) => {
    expect(entry?.url).toBe(`http://127.0.0.1:${DEFAULT_PORTS.mcp}/mcp`);
    expect(entry?.headers).toEqual({ Authorization: `Token ${stack.apiKey}` });
  });

  it('VS Code declares the streamable HTTP transport', () => {
    expect(vscode.servers.shiptrack?.type).toBe('http');
  });

  it.each(entries)('%s connects with its header and calls a tool', async (_client, entry) => {
    const url = new URL(entry?.url ?? '');
    url.port = new URL(stack.mcpUrl).port;
    const client = new Client({ name: 'config-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: entry?.headers } }),
    );
    try {
      expect(await callSearch(client)).toContain('container MAEU4002159');
    } finally {
      await client.close();
    }
  });
});

describe('Claude Desktop (stdio with the embedded mock)', () => {
  const entry = claude.mcpServers['shiptrack-demo'];
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'packages', 'mcp', 'package.json'), 'utf8'),
  ) as { name: string; bin: Record<string, string> };

  it('runs npx on @shiptrack/mcp, whose one bin is the stdio server, with --mock', () => {
    expect(entry).toEqual({ command: 'npx', args: ['-y', manifest.name, '--mock'] });
    expect(Object.keys(manifest.bin)).toEqual(['shiptrack-mcp']);
  });

  /** A client of the entry's server: the bin's program from source, with the entry's arguments. */
  async function connectEntry(name: string): Promise<Client> {
    const server = claude.mcpServers[name];
    const args = server?.args.slice(server.args.indexOf(manifest.name) + 1) ?? [];
    const client = new Client({ name: 'config-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          '--conditions=shiptrack-source',
          '--import',
          'tsx',
          join(repoRoot, 'packages', 'mcp', 'src', 'cli', 'main.ts'),
          ...args,
        ],
        cwd: repoRoot,
        stderr: 'pipe',
      }),
    );
    return client;
  }

  it('that server answers a tool call over stdio with the demo data', async () => {
    const client = await connectEntry('shiptrack-demo');
    try {
      expect(await callSearch(client)).toContain('container MAEU4002159');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('the read-only entry serves the same data and no tool that writes', async () => {
    expect(claude.mcpServers['shiptrack-demo-read-only']).toEqual({
      command: 'npx',
      args: ['-y', manifest.name, '--mock', '--read-only'],
    });
    const client = await connectEntry('shiptrack-demo-read-only');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).not.toContain('track_container');
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(await callSearch(client)).toContain('container MAEU4002159');
    } finally {
      await client.close();
    }
  }, 60_000);
});
