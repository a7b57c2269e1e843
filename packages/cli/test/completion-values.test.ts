/**
 * Completion offers the account's container numbers and ids (cached, with
 * a time-out) in bash, zsh, fish and PowerShell. `__complete` runs `main`
 * in this process against the mock over HTTP; the bash script runs in bash
 * with `shiptrack` standing for the bin.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MS, cachePath, writeCached } from '../src/completion/record-values.js';
import { captured, shiptrack, startTestMock, TEST_API_KEY, type TestMock } from './helpers.js';

let mock: TestMock;
let cache: string;

beforeAll(async () => {
  mock = await startTestMock();
});

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'shiptrack-cache-'));
  return () => rmSync(cache, { recursive: true, force: true });
});

afterAll(async () => {
  await mock?.close();
});

/** `shiptrack __complete containers` against a service at `baseUrl`. */
function complete(baseUrl: string, key = TEST_API_KEY) {
  return shiptrack(['__complete', 'containers'], {
    env: { SVC_API_TOKEN: key, SVC_API_BASE_URL: baseUrl, XDG_CACHE_HOME: cache },
  });
}

/** The cache files written so far. */
function cacheFiles(): string[] {
  const dir = join(cache, 'shiptrack', 'completion');
  try {
    return readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return [];
  }
}

describe('shiptrack __complete containers', () => {
  it('offers every container number and id of the account, and keeps them for the next TAB', async () => {
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    const expected: string[] = [];
    for await (const container of client.containers.list({ pageSize: 100 })) {
      if (container.number) expected.push(container.number);
      expected.push(container.id);
    }
    const run = await complete(mock.url);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(expected);
    const [file] = cacheFiles();
    expect(statSync(String(file)).mode & 0o777).toBe(0o600);
    expect(cacheFiles()).toHaveLength(1);
    // A fresh cache answers without asking the service again.
    writeFileSync(String(file), JSON.stringify({ at: Date.now(), values: ['ZZZU0000000'] }));
    expect((await complete(mock.url)).stdout).toBe('ZZZU0000000\n');
    // Another account (key) has a cache of its own, and the key is in no file name.
    await shiptrack(['--mock', '__complete', 'containers'], { env: { XDG_CACHE_HOME: cache } });
    expect(cacheFiles()).toHaveLength(2);
    for (const path of cacheFiles()) expect(path).not.toContain(TEST_API_KEY);
  });

  it('answers at once with nothing, exit 0, when the service cannot be reached', async () => {
    const stopped = await startTestMock();
    await stopped.close();
    const run = await complete(stopped.url);
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('asks again once the cache is old, and offers the old values when the service does not answer', async () => {
    const path = cachePath({ XDG_CACHE_HOME: cache }, `${mock.url}\n${TEST_API_KEY}`);
    await writeCached(path, ['ZZZU0000000'], Date.now() - CACHE_MS - 1);
    expect((await complete(mock.url)).stdout).not.toContain('ZZZU0000000');
    const stopped = await startTestMock();
    await stopped.close();
    const old = cachePath({ XDG_CACHE_HOME: cache }, `${stopped.url}\n${TEST_API_KEY}`);
    await writeCached(old, ['ZZZU0000000'], Date.now() - CACHE_MS - 1);
    expect(await complete(stopped.url)).toMatchObject({ code: 0, stdout: 'ZZZU0000000\n' });
  });

  it('is hidden from help, commands and completion itself', async () => {
    const help = await shiptrack(['--help']);
    expect(help.stdout).not.toContain('__complete');
    const commands = await shiptrack(['commands', '--json']);
    expect(commands.stdout).not.toContain('__complete');
    const script = await shiptrack(['completion', 'bash']);
    expect(script.stdout).not.toMatch(/^ +"[^"]*"\) opts="[^"]*__complete/m);
  });
});

describe('the scripts', () => {
  /** Completes `words` with the bash script, `shiptrack` answering `__complete` with `values`. */
  async function bash(words: string[], values: string[]): Promise<string[]> {
    const script = (await shiptrack(['completion', 'bash'])).stdout;
    const line = words.map((word) => `'${word}'`).join(' ');
    // With --mock passed on, the stub answers one more number.
    const stub = `shiptrack() { [[ "$*" == *"__complete containers"* ]] && printf '%s\\n' ${values.map((v) => `'${v}'`).join(' ')} && [[ "$1" == --mock ]] && echo MOCKU0000001; }`;
    const { stdout } = await promisify(execFile)('bash', [
      '-c',
      `${script}\n${stub}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _shiptrack; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ]);
    return stdout.trim().split('\n');
  }

  it('offers container numbers where a command takes a container, in bash', async () => {
    const values = ['MAEU4002159', 'MSCU1234566', '5f95ef1a-c9d9-4a84-83d8-c830c6b6665b'];
    for (const path of [
      ['containers', 'get'],
      ['containers', 'events'],
      ['containers', 'custom-fields', 'list'],
      ['watch'],
    ]) {
      expect(await bash(['shiptrack', ...path, 'MAEU'], values), path.join(' ')).toEqual([
        'MAEU4002159',
      ]);
    }
    expect(await bash(['shiptrack', 'containers', 'get', '5f'], values)).toEqual([values[2]]);
    // Not where no container is taken, nor for an option.
    expect(await bash(['shiptrack', 'parties', 'get', 'M'], values)).toEqual(['']);
    expect(await bash(['shiptrack', 'containers', 'get', '--in'], values)).toEqual(['--include']);
    // `--mock` on the line is passed on.
    expect(await bash(['shiptrack', '--mock', 'containers', 'get', 'MOCK'], values)).toEqual([
      'MOCKU0000001',
    ]);
    expect(await bash(['shiptrack', 'containers', 'get', 'MOCK'], values)).toEqual(['']);
  });

  it('writes a PowerShell completer over the same command tree, numbers included', async () => {
    const run = await shiptrack(['completion', 'powershell']);
    expect(run.code).toBe(0);
    const script = run.stdout;
    expect(script).toMatch(/^# shiptrack completion for PowerShell/);
    expect(script).toContain('Register-ArgumentCompleter -Native -CommandName shiptrack');
    expect(script).toContain("'containers get' = @(");
    expect(script).toContain("'containers list|--status' = @('");
    expect(script).toContain('__complete containers --timeout 3s --max-retries 0');
    expect(script).toMatch(/\$containers = @\([^)]*'containers events'/);
    expect(script).not.toMatch(/'__complete'/);
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
