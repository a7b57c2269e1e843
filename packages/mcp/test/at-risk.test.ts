/**
 * `list_containers_at_risk` from REST: the demo data with one container's
 * terminal last free day moved earlier and its holds cleared, the server's
 * clock set by the test, so the set at risk is known. Every container is
 * read page by page, with progress to a client that asks.
 */
import type { Progress } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const HELD = 'MAEU4002159';
/** Its terminal deadline is moved to 20:00 UTC on March 2 (noon in Los Angeles), its holds cleared. */
const SOON = 'MAEU9890495';
/** Returned empty, with a stale customs hold left on it: no longer at risk. */
const RETURNED = 'CMAU9155939';

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;
let now = new Date(MOCK_START);

interface Row {
  number: string;
  reasons: string[];
  holds: string[];
  lastFreeDay?: { date: string; daysLeft: number; source: string };
}

async function atRisk(args: Record<string, unknown> = {}): Promise<{ rows: Row[]; text: string }> {
  const result = await connection.client.callTool({
    name: 'list_containers_at_risk',
    arguments: args,
  });
  check('list_containers_at_risk', result);
  expect(result.isError, textOf(result)).toBeFalsy();
  return {
    rows: (result.structuredContent as { containers: Row[] }).containers,
    text: textOf(result),
  };
}

beforeAll(async () => {
  const { engine } = service.mock;
  const record = (number: string) => {
    const found = [...engine.store.containers.values()].find((c) => c.number === number);
    if (!found) throw new Error(`demo container ${number} not found`);
    return found;
  };
  const soon = record(SOON);
  soon.pickupLfdTerminal = Date.parse('2025-03-02T20:00:00Z');
  soon.holds = [];
  record(RETURNED).holds = [{ name: 'customs', status: 'hold', description: null }];
  engine.touch();
  connection = await connect({ client: service.client(), now: () => now });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('list_containers_at_risk', () => {
  it('lists a deadline within three days first, then a held box, with why; not boxes that left', async () => {
    now = new Date(MOCK_START); // February 28 in Los Angeles
    const { rows, text } = await atRisk();
    expect(rows.map((row) => [row.number, row.reasons])).toEqual([
      [SOON, ['due']],
      [HELD, ['held']],
    ]);
    expect(rows[0]?.lastFreeDay).toMatchObject({
      date: '2025-03-02',
      daysLeft: 2,
      source: 'terminal',
    });
    expect(rows[1]?.holds).toEqual(['customs']);
    expect(text).toContain(`\n${SOON}|not_available|USLAX|2025-03-02 +2d|LFD in 2 day(s)\n`);
    expect(text).toContain(`\n${HELD}|not_available|USLAX|2025-03-04 +4d|on hold: customs`);
  });

  it('counts days in the terminal zone and puts a passed deadline first', async () => {
    now = new Date('2025-03-04T12:00:00Z'); // March 4 in Los Angeles
    const { rows, text } = await atRisk({ days: 0 });
    expect(rows.map((row) => [row.number, row.reasons])).toEqual([
      [SOON, ['overdue']],
      [HELD, ['due', 'held']],
    ]);
    expect(text).toContain('LFD passed 2 day(s) ago');
    expect(text).toContain('LFD today; on hold: customs');
  });

  it('reads every page of the account and reports progress to a client that asks', async () => {
    now = new Date(MOCK_START);
    const steps: Progress[] = [];
    const result = await connection.client.callTool(
      { name: 'list_containers_at_risk', arguments: {} },
      { onprogress: (progress) => steps.push(progress) },
    );
    expect(result.structuredContent).toMatchObject({ complete: true, omitted: 0 });
    expect(steps).toEqual([
      { progress: 9, total: 9, message: 'list_containers_at_risk: 9 containers read' },
    ]);
  });
});
