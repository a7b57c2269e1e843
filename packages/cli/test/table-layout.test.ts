import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCellWidths } from '../src/output/cell-width.js';
import { fieldColumns, namedColumns } from '../src/output/columns.js';
import { outputSettings } from '../src/output/mode.js';
import { renderRecord } from '../src/output/record.js';
import { renderTable } from '../src/output/table.js';

beforeAll(() => prepareCellWidths());

const ID = '5f95ef1a-c9d9-4a84-83d8-c830c6b6665b';
const rows = [
  { number: 'MAEU4002159', note: 'a long free text that can give way first', id: ID, extra: 'x' },
];
const columns = namedColumns([
  ['NUMBER', 'number'],
  ['NOTE', 'note'],
  ['ID', 'id'],
  ['EXTRA', 'extra'],
]);

describe('renderTable', () => {
  it('cuts free text before an id, and keeps the id whole', () => {
    const { text, dropped } = renderTable(rows, columns.slice(0, 3), { width: 80, color: false });
    expect(dropped).toEqual([]);
    const [, row = ''] = text.split('\n');
    expect(row).toContain(ID);
    expect(row).toContain('…');
    expect([...row].length).toBeLessThanOrEqual(80);
  });

  it('leaves out the last-ranked columns rather than cut an id', () => {
    const { text, dropped } = renderTable(rows, columns, { width: 40, color: false });
    expect(dropped.map((column) => column.header)).toEqual(['ID', 'EXTRA']);
    const row = text.split('\n')[1] ?? '';
    expect(row).toMatch(/^MAEU4002159 {2}a long free text.*…$/);
    expect([...row].length).toBeLessThanOrEqual(40);
  });

  it('leaves out none of the columns --fields asked for', () => {
    const { dropped, text } = renderTable(rows, fieldColumns(['number', 'id', 'note']), {
      width: 40,
      color: false,
    });
    expect(dropped).toEqual([]);
    expect(text).toContain(ID);
  });
});

describe('the width tables fit', () => {
  it('is COLUMNS when set, else the terminal, else 80', () => {
    const tty = { isTTY: true, columns: 132 };
    expect(outputSettings({}, tty, { COLUMNS: '200' }).columns).toBe(200);
    expect(outputSettings({}, tty, {}).columns).toBe(132);
    expect(outputSettings({ table: true }, {}, {}).columns).toBe(80);
    expect(outputSettings({ table: true }, {}, { COLUMNS: 'wide' }).columns).toBe(80);
  });
});

describe('renderRecord', () => {
  it('shows a record of 200 000 members, one line each under its title', () => {
    const record = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`m${i}`, i]));
    const lines = renderRecord(record, { width: 80, color: false }).trimEnd().split('\n');
    expect(lines).toHaveLength(200_001);
    expect(lines.at(-1)).toBe('  m199999  199999');
  });
});
