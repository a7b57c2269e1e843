/**
 * The README's CI recipes run as written: the shell recipe and the GitHub
 * Actions step, each with the real CLI in place of `npx shiptrack-mock`.
 * Both end with a ready mock, or with exit code 1 and a message at once when
 * the mock cannot start, and within their bound when it never gets ready
 * (`sleep` is a no-op there, so the bound costs no time).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const BIN = `node --import ${tsxLoader} --conditions=shiptrack-source ${cli}`;
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The README's shell recipe for CI: the `sh` block that waits for `mock.json`. */
function shellRecipe(): string {
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((code) => code.includes('mock.json'));
  if (block === undefined) throw new Error('the README has no sh block reading mock.json');
  return block;
}

/** The `run` script of the README's GitHub Actions step that starts the mock. */
function actionsStep(): string {
  const block = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  const steps = parse(block ?? '[]') as Array<{ name?: string; run?: string }>;
  const step = steps.find((each) => each.run?.includes('shiptrack-mock'));
  if (step?.run === undefined) throw new Error('the README has no step starting shiptrack-mock');
  return step.run;
}

/** The real CLI in place of `npx shiptrack-mock`. */
const withBin = (script: string) => script.replaceAll('npx shiptrack-mock', BIN);

/** A stand-in for the mock that runs but never gets ready. */
const NEVER_READY = `node -e "setInterval(() => {}, 1000)"`;

let dir: string;
let blocker: Server | undefined;
let step: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shiptrack-ci-recipe-'));
});
afterEach(async () => {
  // The GitHub step leaves its mock running, as in a job: stop its process group.
  if (step?.pid !== undefined) {
    try {
      process.kill(-step.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  step = undefined;
  blocker?.close();
  blocker = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A port that is in use for the test. */
async function busyPort(): Promise<number> {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker?.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as AddressInfo).port;
}

/** A `sleep` that returns at once, first on the PATH, so a bounded wait runs to its bound quickly. */
function instantSleepPath(): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'sleep'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, 'sleep'), 0o755);
  return `${bin}:${process.env.PATH ?? ''}`;
}

/** Runs a shell script in the scratch folder; resolves with its exit code and output. */
function runShell(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-e', '-c', script],
      { cwd: dir, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('the shell recipe', () => {
  it('runs as written: a ready mock, its URL and key in the environment, curl answered', async () => {
    const result = await runShell(`${withBin(shellRecipe())}\nkill "$MOCK_PID"\n`);
    expect(result.stderr).not.toContain('did not start');
    expect(result.code).toBe(0);
    // The mock prints its JSON line too; curl's answer is the last line.
    const [ready, answer] = result.stdout.trim().split('\n');
    expect(JSON.parse(ready ?? '').url).toMatch(/\/v2$/);
    const body = JSON.parse(answer ?? '') as { data: Array<{ type: string }> };
    expect(body.data[0]?.type).toBe('shipment');
  });

  it('ends at once with exit code 1 when the mock cannot start (port in use)', async () => {
    const port = await busyPort();
    const script = withBin(shellRecipe()).replace('--port 0', `--port ${port}`);
    const result = await runShell(script);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`127.0.0.1:${port} is already in use`);
    expect(result.stderr).toContain('shiptrack-mock did not start');
  });

  it('gives up at its bound and stops a mock that never gets ready', async () => {
    const script = shellRecipe().replace(/npx shiptrack-mock [^&]*&/, `${NEVER_READY} &`);
    expect(script).toContain(NEVER_READY);
    const result = await runShell(script, { ...process.env, PATH: instantSleepPath() });
    // It returns at all only because the stand-in was killed (it holds the output pipes).
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('shiptrack-mock did not start');
  });
});

describe('the GitHub Actions step', () => {
  /** Runs the step as the runner does (`bash -e`), in its own process group; resolves on exit. */
  async function runStep(script: string): Promise<{ code: number | null; githubEnv: string }> {
    const githubEnv = join(dir, 'github_env');
    writeFileSync(githubEnv, '');
    step = spawn('bash', ['-e', '-c', script], {
      cwd: dir,
      env: { ...process.env, GITHUB_ENV: githubEnv },
      stdio: 'ignore',
      detached: true,
    });
    const [code] = (await once(step, 'exit')) as [number | null];
    return { code, githubEnv: readFileSync(githubEnv, 'utf8') };
  }

  it('leaves a ready mock running and its URL and key in GITHUB_ENV for the next steps', async () => {
    const { code, githubEnv } = await runStep(withBin(actionsStep()));
    expect(code).toBe(0);
    const env = Object.fromEntries(
      githubEnv
        .trim()
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(env.SVC_API_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    const response = await fetch(`${env.SVC_API_BASE_URL}/shipments`, {
      headers: { authorization: `Token ${env.SVC_API_TOKEN}` },
    });
    expect(response.status).toBe(200);
  });

  it('fails the step at once when the mock cannot start', async () => {
    const port = await busyPort();
    const { code, githubEnv } = await runStep(
      withBin(actionsStep()).replace('--port 0', `--port ${port}`),
    );
    expect(code).toBe(1);
    expect(githubEnv).toBe('');
  });
});
