/**
 * Tables on a terminal (stdout a TTY of a given width, as the CLI's `main`
 * sees one) and the last free day in machine output, on the demo data.
 * `terminal.test.ts` runs the built bin on a real pseudo-terminal.
 */
import { describe, expect, it } from 'vitest';
import { envelopeOf, shiptrack, startShiptrack } from './helpers.js';

/** The demo world starts here, so MAEU4002159's terminal deadline is 2026-12-01T07:00:00Z. */
const DEMO_START = '2026-11-27T13:00:00Z';
/** 07:00 UTC on December 1 is 23:00 on November 30 at the Los Angeles terminal. */
const LOCAL_LFD = '2026-11-30 (terminal, in 3 d)';
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/;
const ALL_ANSI = new RegExp(`${'\u001b'}\\[[0-9;?]*[A-Za-z]|\\r`, 'g');
const CONTAINER_NUMBER = /\b[A-Z]{4}\d{7}\b/;
/** `COLUMNS` unset: the terminal's own width decides. */
const env = { SHIPTRACK_MOCK_START: DEMO_START, COLUMNS: undefined };

/** The lines a terminal showed (stdout, then stderr), colours and carriage returns taken out. */
async function screen(args: string[], columns: number): Promise<string[]> {
  const run = await shiptrack(['--mock', ...args], { env, terminal: { columns } });
  expect(run.code, run.stderr).toBe(0);
  return (run.stdout + run.stderr).replace(ALL_ANSI, '').split('\n').filter(Boolean);
}

describe('containers list on a terminal', () => {
  it.each([60, 80, 120, 200])(
    'at %i columns: human headers, whole numbers, the local last free day, nothing wider than the terminal',
    async (columns) => {
      const lines = await screen(['containers', 'list'], columns);
      const [header = '', ...rest] = lines;
      expect(header).toMatch(/^NUMBER\s+STATUS\s+LAST FREE DAY/);
      const rows = rest.filter((line) => CONTAINER_NUMBER.test(line));
      expect(rows.length).toBe(9);
      for (const row of rows) expect(row).toMatch(/^[A-Z]{4}\d{7}\s/);
      const box = rows.find((row) => row.startsWith('MAEU4002159'));
      expect(box).toContain(LOCAL_LFD);
      expect(lines.join('\n')).not.toContain('2026-12-01');
      // Boxes returned empty have left the terminal: no last free day to meet.
      for (const row of rows.filter((line) => line.includes('empty_returned')))
        expect(row).toContain('left terminal');
      for (const line of [header, ...rows]) expect([...line].length).toBeLessThanOrEqual(columns);
      expect(lines.at(-1)).toBe('9 shown of 9.');
      if (columns >= 120) {
        // Wide enough for the ids: each one whole, never cut.
        expect(header).toMatch(/\bID$/);
        for (const row of rows) expect(row).toMatch(UUID);
      } else {
        expect(lines.join('\n')).toMatch(
          new RegExp(
            `Left out at ${columns} columns: .*ID \\(see them with --fields number,.*id, or --json\\)`,
          ),
        );
      }
    },
  );

  it('cuts free text (holds) before a number, a status or the last free day', async () => {
    const lines = await screen(['containers', 'list'], 80);
    const box = lines.find((row) => row.startsWith('MAEU4002159')) ?? '';
    expect(box).toMatch(
      /^MAEU4002159\s+not_available\s+2026-11-30 \(terminal, in 3 d\)\s+customs, /,
    );
    expect(box).toContain('…');
  });

  it('shows one container in sections, its holds whole and the last free day local with UTC beside it', async () => {
    const list = await shiptrack(['--mock', 'containers', 'list', '--q', 'MAEU4002159'], { env });
    const [box] = envelopeOf(list).data as { id: string }[];
    const lines = await screen(['containers', 'get', String(box?.id)], 60);
    const text = lines.join('\n');
    expect(lines[0]).toBe('Container MAEU4002159');
    expect(text).toMatch(/^Where it is$/m);
    expect(text).toMatch(/^Demurrage$/m);
    expect(text).toMatch(
      /Last free day\s+2026-11-30 \(terminal, in 3 d\) in\s+America\/Los_Angeles; UTC\s+2026-12-01T07:00:00Z/,
    );
    expect(text).toMatch(/Holds\s+customs, freight \(pending\)$/m);
    expect(text).not.toContain('…');
  });
});

describe('shipments on a terminal', () => {
  it('shows one shipment in sections, each time at its port’s clock with UTC beside it', async () => {
    const list = await shiptrack(['--mock', 'shipments', 'list', '--q', '241038926'], { env });
    const [shipment] = envelopeOf(list).data as { id: string }[];
    const text = (await screen(['shipments', 'get', String(shipment?.id)], 80)).join('\n');
    expect(text).toMatch(/^Shipment 241038926$/m);
    expect(text).toMatch(/^Route$/m);
    expect(text).toMatch(/To\s+Los Angeles \(USLAX\)/);
    expect(text).toMatch(/ETA\s+2026-11-26 11:00 America\/Los_Angeles \(UTC\s+2026-11-26T19:00/);
    expect(text).not.toContain('…');
  });

  it('lists shipments with whole bill of lading numbers under human headers', async () => {
    const lines = await screen(['shipments', 'list'], 60);
    expect(lines[0]).toMatch(/^BILL OF LADING\s+LINE\s+FROM\s+TO/);
    expect(lines.join('\n')).toMatch(/^HLCUSHA2406731\s/m);
  });
});

describe('the last free day in machine output', () => {
  it('keeps the service record and adds the local last free day beside it', async () => {
    const run = await shiptrack(['--mock', 'containers', 'list', '--q', 'MAEU4002159'], { env });
    expect(run.code).toBe(0);
    const [box] = envelopeOf(run).data as Record<string, unknown>[];
    expect(box).toMatchObject({
      number: 'MAEU4002159',
      demurrage: { pickupLfd: '2026-12-01T07:00:00Z' },
      lastFreeDay: {
        date: '2026-11-30',
        timeZone: 'America/Los_Angeles',
        source: 'terminal',
        daysLeft: 3,
        applies: true,
        at: '2026-12-01T07:00:00Z',
      },
    });
  });

  it('says a returned box no longer has a last free day to meet', async () => {
    const run = await shiptrack(['--mock', 'containers', 'list', '--status', 'empty_returned'], {
      env,
    });
    const boxes = envelopeOf(run).data as { lastFreeDay: { applies: boolean } | null }[];
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box.lastFreeDay?.applies ?? false).toBe(false);
  });

  it('counts demurrage from the demo world’s day, the local date first', async () => {
    const run = await shiptrack(['--mock', 'demurrage', '--within', '3d', '--json'], { env });
    expect(run.code).toBe(10);
    const rows = envelopeOf(run).data as Record<string, unknown>[];
    expect(rows.find((row) => row.number === 'MAEU4002159')).toMatchObject({
      lastFreeDay: '2026-11-30',
      source: 'terminal',
      lastFreeDayAt: '2026-12-01T07:00:00Z',
      daysLeft: 3,
      timeZone: 'America/Los_Angeles',
    });
  });

  it('refuses a SHIPTRACK_MOCK_START that is not a time', async () => {
    const run = await shiptrack(['--mock', 'containers', 'list'], {
      env: { SHIPTRACK_MOCK_START: 'yesterday' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('SHIPTRACK_MOCK_START');
  });
});

describe('watch in a pipe', () => {
  it('records the local last free day of the first deadline, its UTC time beside it', async () => {
    const run = startShiptrack(['--mock', 'watch', 'MAEU4002159'], { env });
    const [firstLine = ''] = await run.waitFor('stdout', /^.*\n/);
    const record = JSON.parse(firstLine);
    run.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(record.state).toMatchObject({
      number: 'MAEU4002159',
      lastFreeDay: '2026-11-30',
      lastFreeDayAt: '2026-12-01T07:00:00Z',
    });
  });
});

describe('--table in a pipe', () => {
  it('fits COLUMNS, else 80 columns', async () => {
    const wide = await shiptrack(['--mock', 'containers', 'list', '--table'], {
      env: { ...env, COLUMNS: '200' },
    });
    expect(wide.stdout.split('\n')[0]).toMatch(/\bID$/);
    const plain = await shiptrack(['--mock', 'containers', 'list', '--table'], { env });
    const lines = plain.stdout.trim().split('\n');
    expect(lines[0]).not.toMatch(/\bID$/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(plain.stderr).toContain('Left out at 80 columns');
  });
});
