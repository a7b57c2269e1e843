import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';

const run = promisify(execFile);

/** The package folder. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The committed launcher of the built bin. */
export const BIN = join(PACKAGE_DIR, 'bin', 'shiptrack.cjs');
/** The API key the tests' mock accepts: distinctive, so the secret check can search for it. */
export const TEST_API_KEY = 'sk_test_cli_5f0c2b9e8d7a4e61b3c2';
/** The mock's clock start in every test. */
export const MOCK_START = '2025-03-01T00:00:00Z';

/** Every output a test captured from the bin, for the check that no secret was printed. */
export const captured: string[] = [];

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt(): number {
  try {
    return statSync(join(PACKAGE_DIR, 'dist', 'cli.cjs')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Builds the bin (tsup) when it is missing or older than the sources, once
 * across test files that run at the same time (a lock folder).
 */
export async function ensureBuilt(): Promise<void> {
  const lock = join(PACKAGE_DIR, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const sources = Math.max(
      ...['src', '../sdk/src', '../mock-server/src'].map((dir) => newest(join(PACKAGE_DIR, dir))),
    );
    if (builtAt() < sources) await run('npx', ['tsup'], { cwd: PACKAGE_DIR });
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Builds a workspace package the bin loads at run time (`shiptrack mirror`
 * requires @shiptrack/mirror's CommonJS build, which requires the SDK's)
 * when its dist is missing or older than its sources; CI builds every
 * package before the tests, so there this only checks.
 */
export async function ensurePackageBuilt(name: 'sdk' | 'mirror'): Promise<void> {
  const dir = join(PACKAGE_DIR, '..', name);
  // The CLI's own build lock: one build at a time across test files.
  const lock = join(PACKAGE_DIR, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    let built = 0;
    try {
      built = newest(join(dir, 'dist'));
    } catch {
      // Not built yet.
    }
    if (built < newest(join(dir, 'src'))) await run('npx', ['tsup'], { cwd: dir });
  } finally {
    rmdirSync(lock);
  }
}

/** What a run of the bin gave. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link shiptrack}. */
export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
}

/**
 * The state folder of this test file's runs (`XDG_STATE_HOME`): a listener's
 * file never meets the developer's own, nor another test file's.
 */
export const STATE_HOME = mkdtempSync(join(tmpdir(), 'shiptrack-state-'));

/** The environment of a run: nothing of the developer's own shiptrack settings. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_STATE_HOME: STATE_HOME };
  for (const name of [
    'SVC_API_TOKEN',
    'SVC_API_BASE_URL',
    'NO_COLOR',
    'FORCE_COLOR',
    'SHIPTRACK_CONFIG',
  ]) {
    delete env[name];
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs the built bin as a user would, stdout and stderr being pipes. */
export function shiptrack(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: cleanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      captured.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
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

/** A mock over real HTTP on a free port, on a manual clock, accepting {@link TEST_API_KEY}. */
export function startTestMock(): Promise<RunningMockServer> {
  return startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: MOCK_START },
    apiKeys: [TEST_API_KEY],
  });
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
