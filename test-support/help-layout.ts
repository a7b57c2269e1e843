/**
 * What every bin's `--help` keeps to: the layout of `shiptrack --help` at
 * 80 columns, each flag's summary (and its wrapped lines) starting in one
 * column.
 */
import { expect } from 'vitest';

/** Asserts `help` fits 80 columns and lines its rows up; gives back the column of the summaries. */
export function expectAlignedHelp(help: string): number {
  const lines = help.split('\n');
  expect(lines.filter((line) => line.length > 80)).toEqual([]);
  const rows = lines.filter((line) => /^ {2}-/.test(line));
  expect(rows.length).toBeGreaterThan(0);
  const columns = new Set(rows.map((line) => /^( {2}\S.*? {2,})\S/.exec(line)?.[1]?.length));
  expect([...columns]).toHaveLength(1);
  const [column] = columns;
  if (column === undefined) throw new Error('no summary column');
  // Every wrapped line of a row starts in that column too.
  const wrapped = lines.filter((line) => /^ {3,}\S/.test(line) && !/^ {2}-/.test(line));
  for (const line of wrapped) expect(line.search(/\S/), line).toBe(column);
  return column;
}
