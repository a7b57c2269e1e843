import type { RunningMockServer } from '@shiptrack/mock-server';
import type { MappedContainer } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mappedContainer } from '../../sdk/test/container-fixture.js';
import { type DemurrageRow, dueContainers, parseWindow } from '../src/commands/demurrage.js';
import { control, envelopeOf, shiptrack, startTestMock, TEST_API_KEY } from './helpers.js';

function container(extra: Partial<MappedContainer> & { lfd: string | null }): MappedContainer {
  const { lfd, ...rest } = extra;
  return mappedContainer({ podTimezone: 'America/Los_Angeles', ...rest }, lfd);
}

describe('dueContainers', () => {
  const now = new Date('2025-03-03T20:00:00Z'); // 12:00 on the 3rd in Los Angeles

  it('counts the last free day in the terminal time zone', () => {
    // 02:00 UTC on the 4th is still the 3rd in Los Angeles: due today there.
    const [row] = dueContainers([container({ lfd: '2025-03-04T02:00:00Z' })], { now, days: 0 });
    expect(row).toMatchObject({
      lastFreeDay: '2025-03-03',
      daysLeft: 0,
      timeZone: 'America/Los_Angeles',
    });
  });

  it('keeps "not reported" apart from "none"', () => {
    const rows = dueContainers(
      [
        container({ id: 'reported', lfd: '2025-03-04T02:00:00Z' }),
        container({ id: 'silent', lfd: '2025-03-04T02:00:00Z', availabilityKnown: false }),
      ],
      { now, days: 1 },
    );
    const byId = new Map(rows.map((row: DemurrageRow) => [row.id, row]));
    expect(byId.get('reported')).toMatchObject({ holds: [], fees: [] });
    expect(byId.get('silent')).toMatchObject({ holds: null, fees: null, feeTotals: [] });
  });

  it('leaves out boxes that left the terminal and deadlines beyond the window, and keeps overdue ones', () => {
    const rows = dueContainers(
      [
        container({ id: 'gone', lfd: '2025-03-04T02:00:00Z', status: 'picked_up' }),
        container({ id: 'late', lfd: '2025-03-10T02:00:00Z' }),
        container({ id: 'overdue', lfd: '2025-03-01T02:00:00Z' }),
      ],
      { now, days: 3 },
    );
    expect(rows.map((row) => [row.id, row.daysLeft])).toEqual([['overdue', -3]]);
  });

  it("leads with the terminal's deadline when it comes before the line's coalesced one", () => {
    const [row] = dueContainers(
      [
        container({
          lfd: '2025-03-06T02:00:00Z',
          importDeadlines: {
            pickupLfdTerminal: '2025-03-04T02:00:00Z',
            pickupLfdLine: '2025-03-06T02:00:00Z',
          },
        }),
      ],
      { now, days: 5 },
    );
    expect(row).toMatchObject({
      lastFreeDay: '2025-03-03',
      source: 'terminal',
      lastFreeDayAt: '2025-03-04T02:00:00Z',
      daysLeft: 0,
    });
  });

  it('reads windows in days or hours', () => {
    expect(parseWindow('3d')).toBe(3);
    expect(parseWindow('36h')).toBe(2);
    expect(parseWindow('5')).toBe(5);
    expect(() => parseWindow('soon')).toThrow(/3d or 48h/);
  });
});

describe('shiptrack demurrage against the mock', () => {
  let mock: RunningMockServer;
  let env: Record<string, string>;
  let now: string;

  beforeAll(async () => {
    mock = await startTestMock();
    env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
    now = ((await control(mock, 'GET', 'clock')) as { now: string }).now;
  });

  afterAll(async () => {
    await mock?.close();
  });

  it('exits 10 with the containers that need attention, holds and fees included', async () => {
    const run = await shiptrack(['demurrage', '--within', '7d', '--at', now], { env });
    expect(run.code).toBe(10);
    const rows = envelopeOf(run).data as DemurrageRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.daysLeft).toBeLessThanOrEqual(7);
      expect(row.timeZone).toBe('America/Los_Angeles');
      expect(row.holds?.some((hold) => hold.name === 'customs')).toBe(true);
      expect(row.feeTotals).toEqual([{ currencyCode: 'USD', amount: 285, source: 'service' }]);
    }
  });

  it('exits 0 when nothing is due within the window or at the terminal asked for', async () => {
    const none = await shiptrack(['demurrage', '--within', '0d', '--at', now], { env });
    expect(none.code).toBe(0);
    expect(envelopeOf(none).data).toEqual([]);
    const elsewhere = await shiptrack(
      ['demurrage', '--within', '7d', '--terminal', 'no such terminal', '--at', now],
      {
        env,
      },
    );
    expect(elsewhere.code).toBe(0);
  });

  it('filters by terminal name', async () => {
    const run = await shiptrack(
      ['demurrage', '--within', '7d', '--terminal', 'trapac', '--at', now],
      { env },
    );
    expect(run.code).toBe(10);
  });
});
