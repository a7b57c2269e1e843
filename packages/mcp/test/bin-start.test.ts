/**
 * What the bundled stdio bin does before it answers `initialize`: its cold
 * start (bench/README.md, `mcp-cold-start`). A preload counts what a start
 * must not pay for and reports the counts when the first answer is written.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_BIN, requireBuiltBin } from './built-bin.js';

/**
 * Counts every `Intl.DateTimeFormat` made (its first one loads the
 * runtime's time zone data, about 15 ms), and on the first write to stdout
 * (the answer to `initialize`) reports the counts on stderr.
 */
const PRELOAD = `
const counts = { dateTimeFormats: 0 };
const Original = Intl.DateTimeFormat;
const made = () => { counts.dateTimeFormats += 1; };
Intl.DateTimeFormat = new Proxy(Original, {
  construct(target, args, newTarget) { made(); return Reflect.construct(target, args, newTarget); },
  apply(target, self, args) { made(); return Reflect.apply(target, self, args); },
});
const write = process.stdout.write.bind(process.stdout);
let reported = false;
process.stdout.write = (chunk, ...rest) => {
  if (!reported) {
    reported = true;
    process.stderr.write('start-counts ' + JSON.stringify(counts) + '\\n');
  }
  return write(chunk, ...rest);
};
`;

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

const scratch = mkdtempSync(join(tmpdir(), 'shiptrack-bin-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the bin with the preload, sends `initialize`, and resolves with the counts and the answer. */
function startCounts(): Promise<{ counts: unknown; answer: string }> {
  const preload = join(scratch, 'count-start.cjs');
  writeFileSync(preload, PRELOAD);
  const env: Record<string, string> = getDefaultEnvironment();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', preload, BUILT_BIN], { env });
    let stdout = '';
    let stderr = '';
    // A bound on a start that never answers (a start takes well under a second).
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const settle = () => {
      const answer = stdout.split('\n')[0];
      const counts = /^start-counts (.*)$/m.exec(stderr)?.[1];
      if (!stdout.includes('\n') || counts === undefined || answer === undefined) return false;
      clearTimeout(timer);
      child.kill();
      resolve({ counts: JSON.parse(counts), answer });
      return true;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      settle();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      settle();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!settle()) {
        reject(new Error(`the bin exited (${code ?? signal}) before answering; stderr: ${stderr}`));
      }
    });
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
  });
}

describe("the bundled bin's start", { timeout: 60_000 }, () => {
  it('answers initialize without making a date formatter (the SDK makes its first on the first day it counts)', async () => {
    requireBuiltBin();
    const { counts, answer } = await startCounts();
    expect(JSON.parse(answer)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'shiptrack' } },
    });
    expect(counts).toEqual({ dateTimeFormats: 0 });
  });
});
