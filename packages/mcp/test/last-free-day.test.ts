/**
 * One last free day everywhere: a terminal deadline at 07:00 UTC falls on
 * the day before in Los Angeles, and every text a model reads (the list
 * row, the container, the shipment's containers, the container resource)
 * says that local day, led by the first deadline that applies, with the
 * UTC timestamp kept in the structured answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerResourceUri } from '../src/core/uri.js';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const NUMBER = 'MAEU4002159';
/** 07:00 UTC on March 5 is 23:00 on March 4 in Los Angeles: four days after the mock's start. */
const TERMINAL_LFD = '2025-03-05T07:00:00Z';
/** The line's, later: the service's coalesced `pickup_lfd` prefers it. */
const LINE_LFD = '2025-03-07T07:00:00Z';
const FIRST = {
  date: '2025-03-04',
  timeZone: 'America/Los_Angeles',
  source: 'terminal',
  daysLeft: 4,
  applies: true,
  at: '2025-03-05T07:00:00Z',
};

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;
let containerId: string;

const call = (name: string, args: Record<string, unknown> = {}) =>
  connection.client.callTool({ name, arguments: args });

beforeAll(async () => {
  const { engine } = service.mock;
  const record = [...engine.store.containers.values()].find((c) => c.number === NUMBER);
  if (!record) throw new Error(`demo container ${NUMBER} not found`);
  record.pickupLfdTerminal = Date.parse(TERMINAL_LFD);
  record.pickupLfdLine = Date.parse(LINE_LFD);
  engine.touch();
  containerId = record.id;
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('the last free day', () => {
  it('is the local day of the first deadline in a list row, not the UTC day', async () => {
    const result = await call('list_containers', { carrier: 'MAEU' });
    check('list_containers', result);
    const rows = (result.structuredContent as { containers: Record<string, unknown>[] }).containers;
    const row = rows.find((r) => r.number === NUMBER);
    expect(row?.lfd).toBe('2025-03-07T07:00:00Z');
    expect(row?.lastFreeDay).toEqual(FIRST);
    expect(textOf(result)).toContain(`\n${NUMBER}|not_available|MAEU|USLAX|2025-03-04 +4d|`);
    expect(textOf(result)).not.toContain('2025-03-05');
  });

  it('is the same day in get_container, with the coalesced one beside it', async () => {
    const result = await call('get_container', { id: containerId });
    check('get_container', result);
    expect(result.structuredContent).toMatchObject({
      demurrage: {
        pickupLfd: '2025-03-07T07:00:00Z',
        lastFreeDay: '2025-03-04',
        lastFreeDaySource: 'terminal',
        lastFreeDayAt: '2025-03-05T07:00:00Z',
        daysToLastFreeDay: 4,
        countedIn: 'America/Los_Angeles',
      },
    });
    expect(textOf(result)).toContain(
      'Last free day: 2025-03-04 (in 4 day(s), terminal, America/Los_Angeles time) [also line 2025-03-06]',
    );
  });

  it('is the same day in the shipment details and the container resource', async () => {
    const details = await call('get_shipment_details', { id: NUMBER });
    check('get_shipment_details', details);
    const { containers } = details.structuredContent as {
      containers: { number: string; lastFreeDay: unknown }[];
    };
    expect(containers.find((c) => c.number === NUMBER)?.lastFreeDay).toEqual(FIRST);
    expect(textOf(details)).toContain(
      `- ${NUMBER} not_available | LFD 2025-03-04 (in 4 day(s), terminal, America/Los_Angeles time)`,
    );
    const read = await connection.client.readResource({ uri: containerResourceUri(containerId) });
    const markdown = read.contents.map((c) => ('text' in c ? c.text : '')).join('');
    expect(markdown).toContain('- First that applies: 2025-03-04 (terminal, America/Los_Angeles');
  });
});
