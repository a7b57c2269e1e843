/**
 * One answer everywhere: on the demo account, at several points of the
 * mock's clock, the SDK, the CLI (its `main`, JSON), MCP (the stdio
 * command, a real client) and the mirror (synced from REST) are asked the
 * same questions (each container's status and last free day, the at-risk
 * set, whether a number is already tracked) and must answer alike. A new
 * fact or surface joins this test.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import {
  containerRisk,
  createClient,
  findTracked,
  type LocalDeadline,
  lastFreeDay,
  type MappedContainer,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, shiptrack } from '../packages/cli/test/helpers.js';

const MCP_MAIN = fileURLToPath(new URL('../packages/mcp/src/cli/main.ts', import.meta.url));
const DAY = 86_400;
const WITHIN_DAYS = 3;

/** The last free day as every surface must give it (`null`: none reported). */
type Fact = Pick<LocalDeadline, 'date' | 'timeZone' | 'source' | 'applies' | 'at'> | null;

function fact(deadline: LocalDeadline | null | undefined): Fact {
  if (!deadline) return null;
  const { date, timeZone, source, applies, at } = deadline;
  return { date, timeZone, source, applies, at };
}

let server: RunningMockServer;
let client: ShiptrackClient;
let mcp: Client;
let mirror: Mirror;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: new Date().toISOString() },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  client = createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url });
  mcp = new Client({ name: 'agreement', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=shiptrack-source', '--import', 'tsx', MCP_MAIN],
      env: {
        ...getDefaultEnvironment(),
        SVC_API_TOKEN: DEMO_API_KEY,
        SVC_API_BASE_URL: server.url,
      },
      stderr: 'ignore',
    }),
  );
  mirror = await createMirror({
    client: createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url, format: 'raw' }),
    database: 'memory:',
  });
}, 180_000);

afterAll(async () => {
  await mcp?.close();
  await mirror?.close();
  await server?.close();
});

async function sdkContainers(): Promise<MappedContainer[]> {
  const containers: MappedContainer[] = [];
  for await (const container of client.containers.list({ include: ['shipment'] })) {
    containers.push(container);
  }
  return containers;
}

async function cliFacts(): Promise<Map<string, { status: unknown; fact: Fact }>> {
  const run = await shiptrack(['containers', 'list', '--all', '--json'], {
    env: { SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: server.url },
  });
  expect(run.code, run.stderr).toBe(0);
  // --all writes NDJSON: one record a line, never the whole list in memory.
  const rows = run.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(
      (line) =>
        JSON.parse(line) as { id: string; status: unknown; lastFreeDay: LocalDeadline | null },
    );
  return new Map(rows.map((row) => [row.id, { status: row.status, fact: fact(row.lastFreeDay) }]));
}

async function mcpStructured(name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = await mcp.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent;
}

async function mcpFacts(): Promise<Map<string, { status: unknown; fact: Fact }>> {
  const facts = new Map<string, { status: unknown; fact: Fact }>();
  for (let page = 1; ; page += 1) {
    const answer = (await mcpStructured('list_containers', { page, page_size: 100 })) as {
      containers: Array<{ id: string; status: unknown; lastFreeDay?: LocalDeadline }>;
      paging: { hasMore?: boolean; next?: unknown };
    };
    for (const row of answer.containers) {
      facts.set(row.id, { status: row.status, fact: fact(row.lastFreeDay) });
    }
    if (answer.containers.length < 100) return facts;
  }
}

describe('one answer everywhere', () => {
  it('the SDK, the CLI, MCP and the mirror agree at several points of the clock', async () => {
    let atRiskSeen = 0;
    for (const step of [0, 2, 5]) {
      if (step > 0) await server.mock.advance(step * DAY);
      const now = new Date();
      const containers = await sdkContainers();
      expect(containers.length).toBeGreaterThan(3);
      const expected = new Map(
        containers.map((container) => [
          container.id,
          { status: container.status, fact: fact(lastFreeDay(container, { now })) },
        ]),
      );
      expect([...expected.values()].some((answer) => answer.fact !== null)).toBe(true);
      expect(await cliFacts(), `CLI at +${step} days`).toEqual(expected);
      expect(await mcpFacts(), `MCP at +${step} days`).toEqual(expected);

      const atRisk = containers
        .filter((container) => containerRisk(container, { now, withinDays: WITHIN_DAYS }))
        .map((container) => container.id)
        .sort();
      const mcpRisk = (await mcpStructured('list_containers_at_risk', { days: WITHIN_DAYS })) as {
        containers: Array<{ id: string }>;
      };
      expect(mcpRisk.containers.map((row) => row.id).sort(), `MCP at-risk +${step}`).toEqual(
        atRisk,
      );
      await mirror.sync({ reconcileEveryMs: 0 });
      const mirrorRisk = await mirror.atRisk({
        withinDays: WITHIN_DAYS,
        now: now.toISOString(),
      });
      expect(
        mirrorRisk.items.map((item) => item.container.id).sort(),
        `mirror at-risk +${step}`,
      ).toEqual(atRisk);
      atRiskSeen += atRisk.length;
    }
    expect(atRiskSeen, 'the demo account has containers at risk at some point').toBeGreaterThan(0);
  }, 240_000);

  it('agree that a container tracked through its bill of lading is already tracked', async () => {
    const [container] = await sdkContainers();
    const number = container?.number ?? '';
    expect(await findTracked(client, number)).toMatchObject({ via: 'container' });
    const cli = await shiptrack(['track', number, '--json'], {
      env: { SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: server.url },
    });
    expect(envelopeOf(cli).data).toMatchObject({
      alreadyTracking: true,
      trackedThrough: 'container',
    });
    expect(await mcpStructured('track_container', { number })).toMatchObject({
      outcome: 'already_tracked',
    });
  }, 60_000);
});
