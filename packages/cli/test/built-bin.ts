/**
 * The built bin, for the few tests about the process itself (launch, exit
 * codes, signals, a pipe closed early, a terminal, the bundle). They need
 * `pnpm build`; they never build, so a missing or stale build is a failure
 * that says what to run, not a skip and not a build under a test's time.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { requireBuilt as requireBuild } from '../../../test-support/built.js';
import { type CliRun, type CliRunOptions, captured, cleanEnv, PACKAGE_DIR } from './helpers.js';

/** The committed launcher of the built bin. */
export const BIN = join(PACKAGE_DIR, 'bin', 'shiptrack.cjs');

/** What each build is made from, and a file it writes. */
const BUILDS = {
  cli: {
    output: 'packages/cli/dist/cli.cjs',
    sources: ['packages/cli/src', 'packages/sdk/src', 'packages/mock-server/src'],
  },
  sdk: { output: 'packages/sdk/dist/cjs/index.cjs', sources: ['packages/sdk/src'] },
  mirror: {
    output: 'packages/mirror/dist/commands.cjs',
    sources: ['packages/mirror/src', 'packages/sdk/src'],
  },
} as const;

/** Throws, saying to run `pnpm build`, when a package's build is missing or stale. */
export function requireBuilt(name: keyof typeof BUILDS = 'cli'): void {
  requireBuild(BUILDS[name]);
}

/** Starts the built bin as a user would, stdout and stderr being pipes. */
export function spawnBin(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { env: cleanEnv(env) });
}

/** Runs the built bin to its end. */
export function runBin(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnBin(args, options.env);
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
