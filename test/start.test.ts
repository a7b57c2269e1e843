/**
 * The README's first command as a user runs it: `pnpm start` spawned, an MCP
 * client connected to the URL the banner prints, a tool called, the other
 * printed ways in checked, then Ctrl-C (SIGINT to the process group) and no
 * process left behind. Ports are free ones, chosen through the documented
 * variables.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_VIEW_LINES } from '../scripts/start/banner.js';
import {
  groupGone,
  killGroup,
  type SpawnedStart,
  spawnStart,
  waitForOutput,
} from './support/spawned-start.js';

const FREE_PORTS = { SHIPTRACK_MCP_PORT: '0', SHIPTRACK_MOCK_PORT: '0', SHIPTRACK_AUTH_PORT: '0' };
const BANNER_END = 'Stop everything with Ctrl-C.';

function bannerValue(stdout: string, label: string): string {
  const value = new RegExp(`^  ${label}\\s+(\\S+)`, 'm').exec(stdout)?.[1];
  if (!value) throw new Error(`the banner has no "${label}" line:\n${stdout}`);
  return value;
}

/** The line after the one that starts with `heading`, parsed as JSON. */
function bannerJson(stdout: string, heading: string): Record<string, unknown> {
  const lines = stdout.split('\n');
  const index = lines.findIndex((line) => line.trimStart().startsWith(heading));
  if (index === -1) throw new Error(`the banner has no "${heading}" entry:\n${stdout}`);
  return JSON.parse(lines[index + 1] ?? '') as Record<string, unknown>;
}

function toolText(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[])
    .map((item) => item.text ?? '')
    .join('\n');
}

describe('pnpm start', () => {
  let start: SpawnedStart;

  beforeAll(async () => {
    start = spawnStart(FREE_PORTS);
    await waitForOutput(start, () => start.stdout().includes(BANNER_END), 90_000);
  }, 100_000);
  afterAll(() => killGroup(start?.child.pid));

  it('serves MCP at the printed URL with the printed key: a client calls a tool', async () => {
    const mcpUrl = bannerValue(start.stdout(), 'MCP server');
    const apiKey = bannerValue(start.stdout(), 'Demo API key');
    const client = new Client({ name: 'start-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Token ${apiKey}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_container');
      const found = await client.callTool({
        name: 'search_container',
        arguments: { query: 'MAEU4002159' },
      });
      expect(found.isError).toBeFalsy();
      expect(toolText(found)).toContain('container MAEU4002159');
      const id = /container MAEU4002159 .*\| id (\S+)/.exec(toolText(found))?.[1];
      const container = await client.callTool({ name: 'get_container', arguments: { id } });
      expect(toolText(container)).toContain('Last free day');
    } finally {
      await client.close();
    }
  });

  it('prints Cursor and VS Code configurations that name that URL and key', () => {
    const mcpUrl = bannerValue(start.stdout(), 'MCP server');
    const apiKey = bannerValue(start.stdout(), 'Demo API key');
    const headers = { Authorization: `Token ${apiKey}` };
    expect(bannerJson(start.stdout(), 'Cursor')).toEqual({
      mcpServers: { shiptrack: { url: mcpUrl, headers } },
    });
    expect(bannerJson(start.stdout(), 'VS Code')).toEqual({
      servers: { shiptrack: { type: 'http', url: mcpUrl, headers } },
    });
    expect(start.stdout()).toContain(
      `claude mcp add --transport http shiptrack ${mcpUrl} --header "Authorization: Token ${apiKey}"`,
    );
  });

  it('names the clients that show the container view, which the printed URL serves', async () => {
    expect(start.stdout()).toContain(CONTAINER_VIEW_LINES.join('\n'));
    const mcpUrl = bannerValue(start.stdout(), 'MCP server');
    const apiKey = bannerValue(start.stdout(), 'Demo API key');
    const client = new Client({ name: 'start-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { authorization: `Token ${apiKey}` } },
      }),
    );
    try {
      const read = await client.readResource({ uri: 'ui://shiptrack/container-view.html' });
      expect(read.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
    } finally {
      await client.close();
    }
  });

  it('announces OAuth at the MCP URL, pointing at the printed authorization server', async () => {
    const mcpUrl = new URL(bannerValue(start.stdout(), 'MCP server'));
    const issuer = bannerValue(start.stdout(), 'OAuth server');
    const unauthenticated = await fetch(mcpUrl, { method: 'POST' });
    expect(unauthenticated.status).toBe(401);
    const metadata = (await (
      await fetch(new URL(`/.well-known/oauth-protected-resource${mcpUrl.pathname}`, mcpUrl))
    ).json()) as { resource?: string; authorization_servers?: string[] };
    expect(metadata).toMatchObject({ resource: mcpUrl.href, authorization_servers: [issuer] });
    const server = await fetch(`${issuer}/.well-known/oauth-authorization-server`);
    expect(server.status).toBe(200);
  });

  it('prints a Claude Desktop command that serves the tools over stdio', async () => {
    const config = bannerJson(start.stdout(), 'Claude Desktop') as {
      mcpServers: { shiptrack: { command: string; args: string[] } };
    };
    const { command, args } = config.mcpServers.shiptrack;
    expect(args.at(-1)).toBe('--mock');
    const client = new Client({ name: 'start-test', version: '1.0.0' });
    // Claude Desktop starts the command from its own folder, not from the repository.
    await client.connect(new StdioClientTransport({ command, args, cwd: '/', stderr: 'pipe' }));
    try {
      const result = await client.callTool({
        name: 'get_supported_shipping_lines',
        arguments: { search: 'maersk' },
      });
      expect(toolText(result)).toContain('MAEU Maersk');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('prints a shiptrack command line that lists the demo containers', async () => {
    const lines = start.stdout().split('\n');
    const heading = lines.findIndex((line) => line.startsWith('Command line'));
    const command = lines[heading + 1]?.trim() ?? '';
    expect(command).toContain('containers list --table');
    // Run from another folder, as a user pasting it would.
    const { stdout } = await promisify(execFile)('sh', ['-c', command], { cwd: '/' });
    expect(stdout).toMatch(/^NUMBER\s+STATUS\s+LAST FREE DAY/);
    expect(stdout).toContain('MAEU4002159');
  }, 60_000);

  it('reports a port in use with the flag and variable that change it', async () => {
    const mockPort = new URL(bannerValue(start.stdout(), 'REST API')).port;
    const second = spawnStart({ ...FREE_PORTS, SHIPTRACK_MOCK_PORT: mockPort });
    expect(await second.exited).not.toBe(0);
    expect(second.stderr()).toContain(`Port ${mockPort} (the mock REST service) is already in use`);
    expect(second.stderr()).toContain('pnpm start --mock-port <n> (or SHIPTRACK_MOCK_PORT=<n>');
    // It stopped on its own, leaving nothing behind.
    await groupGone(second.child.pid ?? 0, 10_000);
  }, 90_000);

  it('stops everything on Ctrl-C: no process left, every port closed', async () => {
    const mcpUrl = new URL(bannerValue(start.stdout(), 'MCP server'));
    const restUrl = new URL(bannerValue(start.stdout(), 'REST API'));
    const pgid = start.child.pid ?? 0;
    process.kill(-pgid, 'SIGINT');
    await start.exited;
    await groupGone(pgid, 15_000);
    expect(start.stderr()).toContain(
      'SIGINT: stopping the MCP server, the OAuth server and the mock',
    );
    // Run through pnpm, as the README says: its "Command failed" line after Ctrl-C is explained.
    expect(start.stderr()).toContain('its own answer to Ctrl-C; this stop is clean.');
    for (const origin of [mcpUrl.origin, restUrl.origin]) {
      await expect(fetch(`${origin}/health`)).rejects.toThrow();
    }
  }, 30_000);
});
