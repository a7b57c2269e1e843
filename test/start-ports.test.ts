/**
 * `pnpm start` before it starts anything: every busy port found at once
 * (real sockets hold them), and a client command that says what runs on
 * the Node at hand.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorLines } from '../scripts/start/banner.js';
import { busyParts, busyPortsMessage } from '../scripts/start/ports.js';

const held: Server[] = [];

/** A port another process could hold: listening on 127.0.0.1 until the tests end. */
async function hold(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  held.push(server);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

let mcp: number;
let auth: number;

beforeAll(async () => {
  mcp = await hold();
  auth = await hold();
});

afterAll(async () => {
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('pnpm start: busy ports', () => {
  it('finds every busy port at once, and none where 0 picks a free one', async () => {
    expect(await busyParts({ mcp, mock: 0, auth })).toEqual(['mcp', 'auth']);
    expect(await busyParts({ mcp: 0, mock: 0, auth: 0 })).toEqual([]);
  });

  it('names each busy port with the flag and variable that change it, in one report', () => {
    const message = busyPortsMessage(['mcp', 'auth'], { mcp, mock: 0, auth });
    expect(message.split('\n')).toEqual([
      `Port ${mcp} (the MCP server) is already in use: pnpm start --mcp-port <n> (or SHIPTRACK_MCP_PORT=<n>)`,
      `Port ${auth} (the demo authorization server) is already in use: pnpm start --auth-port <n> (or SHIPTRACK_AUTH_PORT=<n>)`,
      'Perhaps another `pnpm start` is running: stop it, or pick other ports (0 picks a free one).',
    ]);
  });
});

describe('pnpm start: the MCP Inspector line', () => {
  const command = 'npx -y @modelcontextprotocol/inspector --transport http';

  it('gives the Inspector command on Node 22.19 and later', () => {
    for (const version of ['22.19.0', '24.1.0'])
      expect(inspectorLines(command, version)).toEqual([
        '  MCP Inspector (Node 22.19+)',
        `    ${command}`,
      ]);
  });

  it('says plainly on Node 20 (and 22.18) that the Inspector needs 22.19, and what works here', () => {
    for (const version of ['20.20.2', '22.18.0']) {
      const [first, second, third] = inspectorLines(command, version);
      expect(first).toContain(`needs Node 22.19 or later, and this is Node ${version}`);
      expect(second).toBe(`    ${command}`);
      expect(third).toMatch(/Claude Code .* work/);
    }
  });
});
