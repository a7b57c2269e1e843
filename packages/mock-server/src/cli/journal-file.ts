/**
 * The `--journal-file` of the CLI: on exit, every account's request
 * journal as NDJSON, one entry a line in arrival order, each with the
 * account it belongs to (secrets redacted as in the journal).
 */
import type { MockServer } from '../create-mock-server.js';
import type { JournalEntry } from '../journal/types.js';
import { writeFileAtomically } from './atomic-file.js';

/** One line of the journal file. */
interface JournalLine extends JournalEntry {
  readonly account: { readonly id: string; readonly name: string };
}

/** What was written: the number of entries, and the accounts whose journal lost its oldest entries. */
export interface JournalFileReport {
  readonly entries: number;
  readonly dropped: ReadonlyArray<{ readonly account: string; readonly dropped: number }>;
}

/** Writes every account's journal to `path` as NDJSON (atomically). */
export async function writeJournalFile(path: string, mock: MockServer): Promise<JournalFileReport> {
  const lines: JournalLine[] = [];
  const dropped: Array<{ account: string; dropped: number }> = [];
  for (const { apiKeys, id, name } of mock.accounts()) {
    const [apiKey] = apiKeys;
    if (apiKey === undefined) continue;
    const journal = mock.journal(apiKey);
    for (const entry of journal.entries()) lines.push({ account: { id, name }, ...entry });
    if (journal.dropped > 0) dropped.push({ account: name, dropped: journal.dropped });
  }
  lines.sort((a, b) => a.id - b.id);
  await writeFileAtomically(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return { entries: lines.length, dropped };
}
