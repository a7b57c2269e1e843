import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { createMockServer } from '../src/index.js';
import { contract } from './harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function startCli(args: string[]) {
  const child = spawn(
    `${root}node_modules/.bin/tsx`,
    ['--conditions=shiptrack-source', cli, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const end = stdout.indexOf('\n');
      if (end !== -1) resolve(stdout.slice(0, end));
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`CLI exited (${code}) before printing: ${stderr}`)),
    );
  });
  // A test that expects the CLI to exit early never awaits the line.
  firstLine.catch(() => {});
  return { child, firstLine, output: () => ({ stdout, stderr }) };
}

let running: ChildProcess | undefined;
afterEach(() => {
  if (running && running.exitCode === null) running.kill('SIGKILL');
});

describe('shiptrack-mock CLI', () => {
  it('prints one JSON line with the URL and keys, logs to stderr, and stops on SIGTERM', async () => {
    const { child, firstLine, output } = startCli([
      '--port',
      '0',
      '--clock',
      'manual',
      '--seed',
      'empty',
      '--api-key',
      'ci-key-1',
      '--api-key',
      'ci-key-2',
    ]);
    running = child;
    const { url, apiKeys } = JSON.parse(await firstLine);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    // The demo keys first, in their usual order, then the extra keys.
    expect(apiKeys).toEqual([DEMO_API_KEY, DEMO_SECOND_API_KEY, 'ci-key-1', 'ci-key-2']);

    const response = await fetch(`${url}/shipments`, {
      headers: { authorization: 'Token ci-key-1' },
    });
    const body = await response.json();
    contract().assertResponse({
      method: 'GET',
      url: `${url}/shipments`,
      status: response.status,
      body,
    });
    expect(body.meta.total).toBe(0);
    const clock = await (await fetch(url.replace('/v2', '/_mock/clock'))).json();
    expect(clock.mode).toBe('manual');

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { stdout, stderr } = output();
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('curl');
  });

  it("lists extra keys after the accounts' own keys in apiKeys()", () => {
    const mock = createMockServer({ clock: { mode: 'manual' }, apiKeys: ['ci-key', DEMO_API_KEY] });
    try {
      expect(mock.apiKeys()).toEqual([DEMO_API_KEY, DEMO_SECOND_API_KEY, 'ci-key']);
      expect(mock.accounts()[0]?.apiKeys).toEqual([DEMO_API_KEY, 'ci-key']);
    } finally {
      mock.dispose();
    }
  });

  it('exits with usage help on a bad option', async () => {
    const { child, output } = startCli(['--clock', 'sometimes']);
    running = child;
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output().stderr).toContain('--clock must be "real" or "manual"');
    expect(output().stdout).toBe('');
  });

  it('explains a port in use instead of printing a stack', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { child, output } = startCli(['--port', String(port)]);
      running = child;
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output().stderr).toContain(`127.0.0.1:${port} is already in use`);
      expect(output().stderr).toContain('--port 0 picks a free one');
      expect(output().stderr).not.toContain('    at ');
      expect(output().stdout).toBe('');
    } finally {
      blocker.close();
    }
  });
});
