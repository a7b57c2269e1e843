import { describe, expect, it } from 'vitest';
import { envelopeOf, errorOf, shiptrack } from './helpers.js';

const env = { SHIPTRACK_MOCK_START: '2026-11-27T13:00:00Z' };

/** Runs the CLI on the embedded demo data. */
function demo(args: string[]) {
  return shiptrack(['--mock', ...args], { env });
}

describe('flags other CLIs taught people', () => {
  it('takes --limit as the page size', async () => {
    const run = await demo(['containers', 'list', '--limit', '2']);
    expect(envelopeOf(run).page).toMatchObject({ pageSize: 2, count: 2 });
    const both = await demo(['containers', 'list', '--limit', '2', '--page-size', '3']);
    expect(both.code).toBe(2);
    expect(errorOf(both).error.message).toContain('--limit is --page-size');
  });

  it("takes gh's --json=fields, and names --fields for --json fields", async () => {
    const joined = await demo(['containers', 'list', '--limit', '1', '--json=number,status']);
    expect(envelopeOf(joined).data).toEqual([{ number: 'MSCU1451670', status: 'on_ship' }]);
    const spaced = await demo(['containers', 'list', '--json', 'number,status']);
    expect(spaced.code).toBe(2);
    expect(errorOf(spaced).error.message).toContain('pass --json --fields number,status');
  });

  it('writes the envelope on one line with --compact, and refuses it with --table', async () => {
    const run = await demo(['containers', 'list', '--limit', '2', '--compact']);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(envelopeOf(run).data).toHaveLength(2);
    const table = await demo(['containers', 'list', '--compact', '--table']);
    expect(table.code).toBe(2);
  });

  it('accepts a field whose parent is null on every record shown (not sent is not a typo)', async () => {
    const run = await demo([
      'containers',
      'list',
      '--limit',
      '1',
      '--fields',
      'number,lastFreeDay.date',
    ]);
    expect(run.code).toBe(0);
    expect(envelopeOf(run).data).toEqual([{ number: 'MSCU1451670', lastFreeDay: { date: null } }]);
  });
});
