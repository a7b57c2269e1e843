/**
 * The CLI run as its tests run it: `main(argv, io)` in the test's own
 * process, with captured streams, a test environment and stop signals sent
 * by the test, against the mock over real HTTP. The built bin has its own
 * helpers (`built-bin.ts`) for the few tests about the process itself.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  createMockServer,
  type MockServer,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import type { Io, RunProcess, StopSignal } from '../src/context.js';
import { main } from '../src/main.js';

/** The package folder. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The API key the tests' mock accepts: distinctive, so the secret check can search for it. */
export const TEST_API_KEY = 'sk_test_cli_5f0c2b9e8d7a4e61b3c2';
/** The mock's clock start in every test. */
export const MOCK_START = '2025-03-01T00:00:00Z';

/** Every output a test captured from the CLI, for the check that no secret was printed. */
export const captured: string[] = [];

/**
 * The state folder of this test file's runs (`XDG_STATE_HOME`): a listener's
 * file never meets the developer's own, nor another test file's.
 */
export const STATE_HOME = mkdtempSync(join(tmpdir(), 'shiptrack-state-'));

/** The home folder of this test file's runs: the developer's own config file is never read. */
export const HOME = mkdtempSync(join(tmpdir(), 'shiptrack-home-'));

/** The environment of a run: nothing of the developer's own shiptrack settings. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME, XDG_STATE_HOME: STATE_HOME };
  for (const name of [
    'SVC_API_TOKEN',
    'SVC_API_BASE_URL',
    'NO_COLOR',
    'FORCE_COLOR',
    'SHIPTRACK_CONFIG',
    'XDG_CONFIG_HOME',
    'COLUMNS',
  ]) {
    delete env[name];
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** What a run gave. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link shiptrack} and {@link startShiptrack}. */
export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  /** What the run reads as stdin (`login`'s key); empty when left out. */
  input?: string;
  /** Stdout and stderr are a terminal this many columns wide (a table with colours, live views). */
  terminal?: { columns: number };
}

/** The run's process as the CLI sees it: stop signals the test sends, an exit the test hears. */
class TestProcess extends EventEmitter implements RunProcess {
  #exitCode: number | undefined;

  exit(code: number): void {
    if (this.#exitCode !== undefined) return;
    this.#exitCode = code;
    this.emit('exit', code);
  }
}

/** A run of the CLI in progress. */
export interface RunningCli {
  stdout(): string;
  stderr(): string;
  /** Resolves to what `read` finds once it finds something; rejects when the run ends first. */
  until<T>(read: () => T | undefined): Promise<T>;
  /** Resolves once `stream`'s text matches; rejects when the run ends first. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends SIGINT (Ctrl-C) or SIGTERM to the run. */
  kill(signal: StopSignal): void;
  /** Whether the run was ended by the exit forced after a stop signal, not by its own return. */
  forced(): boolean;
  /** How many listeners the run has on its SIGINT and SIGTERM. */
  signalListeners(): number;
  /** The end of the run: `main`'s code, or the code of an exit forced after a stop signal. */
  exited: Promise<CliRun>;
}

/** A sink that keeps what is written and says so. */
function sink(append: (text: string) => void): { write(text: string | Uint8Array): boolean } {
  return {
    write(text) {
      append(typeof text === 'string' ? text : Buffer.from(text).toString());
      return true;
    },
  };
}

/**
 * Starts the CLI in this process, as a user runs it (stdout and stderr
 * pipes, or stdout a terminal with `terminal`), for a command that runs
 * until stopped or one a test follows as it goes.
 */
export function startShiptrack(args: readonly string[], options: CliRunOptions = {}): RunningCli {
  const text = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  const runProcess = new TestProcess();
  const out = sink((chunk) => {
    text.stdout += chunk;
    wake();
  });
  const io: Io = {
    out: options.terminal
      ? Object.assign(out, { isTTY: true, columns: options.terminal.columns })
      : out,
    err: Object.assign(
      sink((chunk) => {
        text.stderr += chunk;
        wake();
      }),
      // A terminal's stderr is the same terminal: live lines are drawn there.
      options.terminal ? { isTTY: true, columns: options.terminal.columns } : {},
    ),
    in: Readable.from(options.input === undefined ? [] : [options.input]),
    env: cleanEnv({
      ...(options.terminal ? { TERM: 'xterm-256color' } : {}),
      ...options.env,
    }),
    process: runProcess,
  };
  let endedBy: 'return' | 'exit' | undefined;
  const returned = main(args, io).then((code) => {
    endedBy ??= 'return';
    return code;
  });
  const exit = new Promise<number>((resolve) =>
    runProcess.once('exit', (code: number) => {
      endedBy ??= 'exit';
      resolve(code);
    }),
  );
  let ended = false;
  const exited = Promise.race([returned, exit])
    .finally(() => {
      ended = true;
      captured.push(text.stdout, text.stderr);
      wake();
    })
    .then((code) => ({ code, stdout: text.stdout, stderr: text.stderr }));
  const until = <T>(read: () => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = read();
        if (found !== undefined) {
          waiters.delete(check);
          resolve(found);
        } else if (ended) {
          waiters.delete(check);
          reject(new Error(`ended first; stdout:\n${text.stdout}\nstderr:\n${text.stderr}`));
        }
      };
      waiters.add(check);
      check();
    });
  return {
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    until,
    waitFor: (stream, pattern) => until(() => pattern.exec(text[stream]) ?? undefined),
    kill: (signal) => runProcess.emit(signal),
    forced: () => endedBy === 'exit',
    signalListeners: () => runProcess.listenerCount('SIGINT') + runProcess.listenerCount('SIGTERM'),
    exited,
  };
}

/** Runs the CLI in this process, stdout and stderr being pipes, and resolves once it ends. */
export function shiptrack(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  return startShiptrack(args, options).exited;
}

/** Parses stdout as the success envelope. */
export function envelopeOf(result: CliRun): { ok: true; data: unknown; page?: unknown } {
  return JSON.parse(result.stdout);
}

/** Parses stderr as the one-line error envelope. */
export function errorOf(result: CliRun): {
  ok: false;
  error: {
    code: string;
    message: string;
    exitCode: number;
    status: number | null;
    retryable: boolean;
    retryAfterSeconds: number | null;
    requestId: string | null;
  };
} {
  const lines = result.stderr.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? '');
}

/** The tests' mock, telling a test when it has answered a request. */
export interface TestMock extends RunningMockServer {
  /** Resolves once the mock has answered a `method` request for `path` (`/v2/tracking_requests`). */
  answered(method: string, path: string): Promise<void>;
}

/** A mock over real HTTP on a free port, on a manual clock, accepting {@link TEST_API_KEY}. */
export async function startTestMock(): Promise<TestMock> {
  const inner = createMockServer({
    clock: { mode: 'manual', startAt: MOCK_START },
    apiKeys: [TEST_API_KEY],
  });
  const answers = new EventEmitter();
  const mock: MockServer = {
    ...inner,
    fetch: async (request) => {
      const response = await inner.fetch(request);
      answers.emit('answered', request.method, new URL(request.url).pathname);
      return response;
    },
  };
  const running = await startMockServer({ port: 0, mock });
  return {
    url: running.url,
    origin: running.origin,
    mock: running.mock,
    controlToken: running.controlToken,
    allowedHosts: running.allowedHosts,
    close: async () => {
      await running.close();
      inner.dispose();
    },
    answered: (method, path) =>
      new Promise((resolve) => {
        const check = (seenMethod: string, seenPath: string) => {
          if (seenMethod !== method || seenPath !== path) return;
          answers.off('answered', check);
          resolve();
        };
        answers.on('answered', check);
      }),
  };
}

/** Calls the mock's control API. */
export async function control(
  mock: RunningMockServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${mock.origin}/_mock/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} /_mock/${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A fresh folder for a config file; removed by the returned function. */
export function tempConfigHome(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'shiptrack-cli-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
