/**
 * `shiptrack-mock --journal-file`: the bin, as a process, writes every
 * account's journal as NDJSON when it stops, secrets redacted.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@shiptrack/ops';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { parseCliOptions } from './cli-options.js';
import { startCli } from './cli-process.js';

let running: ChildProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'shiptrack-journal-'));
afterEach(async () => {
  if (running !== undefined && running.exitCode === null && running.signalCode === null) {
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }
  running = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('shiptrack-mock --journal-file', () => {
  it("writes every account's journal as NDJSON on exit, in arrival order, keys redacted", async () => {
    const journalFile = join(dir, 'journal.ndjson');
    const cli = startCli([
      '--port',
      '0',
      '--clock',
      'manual',
      '--seed',
      'empty',
      '--journal-file',
      journalFile,
      '--journal-max-entries',
      '2',
    ]);
    running = cli.child;
    const { url } = JSON.parse(await cli.firstLine) as { url: string };
    const send = (path: string, apiKey: string) =>
      fetch(`${url}${path}`, {
        headers: { authorization: `Token ${apiKey}`, 'x-api-key': 'sk_header_secret' },
      });
    expect((await send('/shipments', DEMO_API_KEY)).status).toBe(200);
    expect((await send('/shipping_lines?page[size]=1', DEMO_SECOND_API_KEY)).status).toBe(200);
    expect((await send('/containers', DEMO_API_KEY)).status).toBe(200);
    expect((await send('/tracking_requests', DEMO_API_KEY)).status).toBe(200);

    cli.child.kill('SIGTERM');
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(0);
    const text = readFileSync(journalFile, 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The demo account kept its last two (--journal-max-entries 2); the second account its one.
    expect(lines.map((line) => [line.account.name, line.path, line.status])).toEqual([
      ['Globex Logistics', '/v2/shipping_lines', 200],
      ['Acme Imports', '/v2/containers', 200],
      ['Acme Imports', '/v2/tracking_requests', 200],
    ]);
    expect(lines[0]).toMatchObject({
      query: { 'page[size]': '1' },
      headers: { 'x-api-key': '[redacted]' },
    });
    for (const secret of [DEMO_API_KEY, DEMO_SECOND_API_KEY, 'sk_header_secret']) {
      expect(text).not.toContain(secret);
    }
    const { stderr } = cli.output();
    expect(stderr).toContain(`wrote 3 journal entries to ${journalFile}`);
    expect(stderr).toContain('the journal of Acme Imports dropped its 1 oldest entries');
  });

  it('refuses a journal bound it cannot keep, naming the flag', () => {
    expect(() => parseCliOptions(['--journal-max-bytes', '1024'])).toThrow(
      '--journal-max-bytes must be an integer of at least 65536',
    );
    expect(() => parseCliOptions(['--journal-max-entries', 'many'])).toThrow(UsageError);
    expect(parseCliOptions(['--journal-max-entries', '50']).journal).toEqual({ maxEntries: 50 });
  });
});
