/**
 * The built bin, for the few tests about the process itself (launch, exit
 * codes, signals, a pipe closed early, a terminal, the bundle). They need
 * `pnpm build`; they never build, so a missing or stale build is a failure
 * that says what to run, not a skip and not a build under a test's time.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type CliRun, type CliRunOptions, captured, cleanEnv, PACKAGE_DIR } from './helpers.js';

/** The committed launcher of the built bin. */
export const BIN = join(PACKAGE_DIR, 'bin', 'shiptrack.cjs');

const PACKAGES = join(PACKAGE_DIR, '..');

/** What each build is made from, and a file it writes. */
const BUILDS = {
  cli: { output: 'cli/dist/cli.cjs', sources: ['cli/src', 'sdk/src', 'mock-server/src'] },
  sdk: { output: 'sdk/dist/cjs/index.cjs', sources: ['sdk/src'] },
  mirror: { output: 'mirror/dist/commands.cjs', sources: ['mirror/src', 'sdk/src'] },
} as const;

/** When the newest file of a source folder changed; tests beside the sources are not built. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (!entry.name.endsWith('.test.ts')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Throws, saying to run `pnpm build`, when a package's build is missing or
 * older than its sources (a test of an old build proves nothing of the code).
 */
export function requireBuilt(name: keyof typeof BUILDS = 'cli'): void {
  const { output, sources } = BUILDS[name];
  let built: number;
  try {
    built = statSync(join(PACKAGES, output)).mtimeMs;
  } catch {
    throw new Error(
      `packages/${output} is missing: these tests run the built bin; run \`pnpm build\` first.`,
    );
  }
  const changed = sources.find((dir) => newest(join(PACKAGES, dir)) > built);
  if (changed !== undefined) {
    throw new Error(
      `packages/${output} is older than packages/${changed}: run \`pnpm build\` again first.`,
    );
  }
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
