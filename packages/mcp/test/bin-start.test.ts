/**
 * What the bundled stdio bin does before it answers `initialize`: its cold
 * start (bench/README.md, `mcp-cold-start`). A preload counts what a start
 * must not pay for and reports the counts as each answer is written.
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
 * runtime's time zone data, about 15 ms) and every zod schema made (zod
 * calls its global config's `postProcessor` with each one; the bundle's zod
 * adopts the config it finds on `globalThis`), and writes the counts on
 * stderr as each answer goes to stdout, with the Node built-in modules
 * loaded by then (`process.moduleLoadList`).
 */
const PRELOAD = `
const counts = { dateTimeFormats: 0, zodSchemas: 0, builtins: [] };
globalThis.__zod_globalConfig = { postProcessor: () => { counts.zodSchemas += 1; } };
const Original = Intl.DateTimeFormat;
const made = () => { counts.dateTimeFormats += 1; };
Intl.DateTimeFormat = new Proxy(Original, {
  construct(target, args, newTarget) { made(); return Reflect.construct(target, args, newTarget); },
  apply(target, self, args) { made(); return Reflect.apply(target, self, args); },
});
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  counts.builtins = process.moduleLoadList
    .filter((name) => name.startsWith('NativeModule '))
    .map((name) => name.slice('NativeModule '.length));
  for (const id of String(chunk).matchAll(/"id":(\\d+)/g)) {
    process.stderr.write('counts-at-answer ' + id[1] + ' ' + JSON.stringify(counts) + '\\n');
  }
  return write(chunk, ...rest);
};
`;

interface Counts {
  dateTimeFormats: number;
  zodSchemas: number;
  /** Node's built-in modules loaded (`fs/promises`, `child_process`, ...). */
  builtins: string[];
}

const scratch = mkdtempSync(join(tmpdir(), 'shiptrack-bin-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const line = (message: object) => `${JSON.stringify(message)}\n`;

/**
 * Starts the bin with the preload and sends `initialize`; once it is
 * answered, `tools/list`. Resolves with the counts at each answer and the
 * first answer.
 */
function startAndList(): Promise<{ initialize: Counts; toolsList: Counts; answer: string }> {
  const preload = join(scratch, 'count-start.cjs');
  writeFileSync(preload, PRELOAD);
  const env: Record<string, string> = getDefaultEnvironment();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', preload, BUILT_BIN], { env });
    let stdout = '';
    let stderr = '';
    let listed = false;
    // A bound on a start that never answers (a start takes well under a second).
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const countsAt = (id: number): Counts | undefined => {
      const found = new RegExp(`^counts-at-answer ${id} (.*)$`, 'm').exec(stderr)?.[1];
      // Safe: the preload above writes these two numbers and the list as JSON.
      return found === undefined ? undefined : (JSON.parse(found) as Counts);
    };
    const settle = (): boolean => {
      const initialize = countsAt(1);
      const toolsList = countsAt(2);
      if (initialize !== undefined && !listed) {
        listed = true;
        child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      }
      if (initialize === undefined || toolsList === undefined) return false;
      clearTimeout(timer);
      child.kill();
      resolve({ initialize, toolsList, answer: stdout.split('\n')[0] ?? '' });
      return true;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
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
    child.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      }),
    );
  });
}

describe("the bundled bin's start", { timeout: 60_000 }, () => {
  it('answers initialize before it makes a date formatter or the tools’ schemas', async () => {
    requireBuiltBin();
    const { initialize, toolsList, answer } = await startAndList();
    expect(JSON.parse(answer)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'shiptrack' } },
    });
    // The SDK makes its first formatter on the first day it counts.
    expect(initialize.dateTimeFormats).toBe(0);
    // The eleven tools' schemas (over 400, made by the tool list) are not made at start;
    // the MCP SDK's own schemas (about 1,800) are made either way.
    expect(toolsList.zodSchemas - initialize.zodSchemas).toBeGreaterThan(300);
    // Built-ins the MCP SDK alone does not load, each about 1 ms of CPU with what it brings:
    // the skills' file reads load fs/promises on the first skills request, and commander's
    // child_process is a stand-in until a spawn (bin-bundle.ts).
    expect(initialize.builtins).toContain('fs');
    expect(initialize.builtins).not.toContain('fs/promises');
    expect(initialize.builtins).not.toContain('child_process');
  });
});
