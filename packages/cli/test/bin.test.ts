/**
 * The built bin as a process: it starts, ends with the documented exit
 * codes, stops on real SIGINT and SIGTERM (also when the command's own
 * cleanup hangs), and ends quietly when a pipe is closed early. Every other
 * test runs the CLI's `main` in its own process; these need `pnpm build`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuilt, runBin, spawnBin } from './built-bin.js';
import { validError, validSuccess } from './envelopes.js';
import {
  captured,
  cleanEnv,
  envelopeOf,
  errorOf,
  PACKAGE_DIR,
  startTestMock,
  TEST_API_KEY,
} from './helpers.js';

let mock: RunningMockServer;
let env: Record<string, string>;
/** Takes every request and never answers; emits `request` for each. */
let silent: Server;
let silentUrl: string;
/** The mock, except that a DELETE is never answered (emits `delete`). */
let proxy: Server;
let proxyUrl: string;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
}

beforeAll(async () => {
  requireBuilt();
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
  silent = createServer(() => silent.emit('received'));
  silentUrl = await listen(silent);
  proxy = createServer((request, response) => {
    if (request.method === 'DELETE') {
      proxy.emit('delete');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${mock.origin}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers: {
          authorization: request.headers.authorization ?? '',
          'content-type': request.headers['content-type'] ?? 'application/vnd.api+json',
        },
        body: body.length > 0 ? body : undefined,
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/vnd.api+json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  proxyUrl = await listen(proxy);
});

afterAll(async () => {
  for (const server of [silent, proxy]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await mock?.close();
});

describe('launch and exit codes', () => {
  it('prints the version of its package', async () => {
    const run = await runBin(['--version']);
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(manifest.version);
  });

  it('0 with the JSON envelope on stdout, in a pipe', async () => {
    const run = await runBin(['containers', 'list', '--page-size', '1'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(validSuccess(envelopeOf(run))).toBe(true);
  });

  it('2, 3 and 4, each with its one-line error envelope on stderr', async () => {
    const cases: [string[], Record<string, string>, number, string][] = [
      [['containers', 'lst'], env, 2, 'usage'],
      [['containers', 'list'], { SVC_API_BASE_URL: mock.url }, 3, 'missing_api_key'],
      [['containers', 'get', '00000000-0000-4000-8000-000000000000'], env, 4, 'not_found'],
    ];
    for (const [args, runEnv, exitCode, code] of cases) {
      const run = await runBin(args, { env: runEnv });
      expect(run.code, args.join(' ')).toBe(exitCode);
      expect(run.stdout).toBe('');
      const envelope = errorOf(run);
      expect(validError(envelope), JSON.stringify(validError.errors)).toBe(true);
      expect(envelope.error).toMatchObject({ code, exitCode });
    }
  });
});

describe('stop signals', () => {
  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)(
    '%s aborts the request in flight and the process exits %i',
    async (signal, exitCode, code) => {
      const received = once(silent, 'received');
      const child = spawnBin(['containers', 'list'], { ...env, SVC_API_BASE_URL: silentUrl });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.stdin.end();
      const exited = once(child, 'exit');
      await received;
      child.kill(signal);
      const [status, bySignal] = await exited;
      captured.push(stderr);
      // Ended by its own exit code, not killed by the signal.
      expect(bySignal).toBeNull();
      expect(status).toBe(exitCode);
      expect(errorOf({ code: status, stdout: '', stderr }).error.code).toBe(code);
    },
  );

  /** Starts a self-subscribing listener, stops it with `first`, and waits for its hanging DELETE. */
  async function stopWithHangingCleanup(first: 'SIGINT' | 'SIGTERM') {
    const child = spawnBin(['webhooks', 'listen', '--port', '0'], {
      SVC_API_TOKEN: TEST_API_KEY,
      SVC_API_BASE_URL: proxyUrl,
    });
    let stderr = '';
    const listening = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('Listening on')) resolve();
      }),
    );
    child.stdin.end();
    const exited = once(child, 'exit');
    await listening;
    const deleting = once(proxy, 'delete');
    child.kill(first);
    await deleting;
    return {
      child,
      exited: exited.then(([code, signal]) => {
        captured.push(stderr);
        return { code, signal };
      }),
    };
  }

  it('SIGTERM ends the process with 143 though the cleanup call never returns', async () => {
    const { exited } = await stopWithHangingCleanup('SIGTERM');
    expect(await exited).toEqual({ code: 143, signal: null });
  });

  it('a second signal ends it at once, with that signal’s code', async () => {
    const { child, exited } = await stopWithHangingCleanup('SIGTERM');
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 130, signal: null });
  });
});

describe('a pipe closed early', () => {
  it('ends quietly with 0 when the reader goes (`| head`)', async () => {
    // More than a pipe holds (64 KB), so the bin is still writing when `head` leaves.
    const child = spawn(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${BIN}" commands --json | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"`,
      ],
      { env: cleanEnv() },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, 'close');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('0');
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
