/**
 * `shiptrack-mirror` in a child process, as an operator runs it: its JSON
 * log lines collected, its URL read from the first one. It is the built
 * bin (`bin/shiptrack-mirror.cjs`, after `pnpm build`) when its build is at
 * least as new as the sources it runs; else the same `main` from the
 * sources, through tsx.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(PACKAGES, 'mirror', 'src', 'cli', 'main.ts');
const BIN = join(PACKAGES, 'mirror', 'bin', 'shiptrack-mirror.cjs');

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Whether the mirror and the SDK it loads are built, each at least as new as its sources. */
function builtIsCurrent(): boolean {
  return ['mirror', 'sdk'].every((name) => {
    const built = newest(join(PACKAGES, name, 'dist'));
    return built > 0 && built >= newest(join(PACKAGES, name, 'src'));
  });
}

/** What runs the bin: the built one when current, else its sources. */
export const MIRROR_BIN: readonly string[] = builtIsCurrent()
  ? [BIN]
  : ['--conditions=shiptrack-source', '--import', 'tsx', MAIN];

/** A running `shiptrack-mirror` process. */
export interface MirrorProcess {
  readonly child: ChildProcess;
  /** JSON lines of stdout so far. */
  readonly lines: Array<Record<string, unknown>>;
  /** Everything written so far (stdout and stderr), to check nothing secret was. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process ended. */
  readonly exited: Promise<number | NodeJS.Signals>;
}

/** Spawns `shiptrack-mirror <args>`. */
export function runMirrorCli(args: string[], env: Record<string, string> = {}): MirrorProcess {
  const child = spawn(process.execPath, [...MIRROR_BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let all = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.trim() !== '') lines.push(JSON.parse(line));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, lines, output: () => all, exited };
}

/** Waits for a stdout line matching `test` (the process's own output paces this, no fixed sleep). */
export function waitForLine(
  process: MirrorProcess,
  test: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = process.lines.find(test);
      if (found !== undefined) {
        process.child.stdout?.off('data', onData);
        resolve(found);
      }
    };
    const onData = () => setImmediate(check);
    process.child.stdout?.on('data', onData);
    process.exited.then((code) =>
      reject(new Error(`shiptrack-mirror exited (${code}):\n${process.output()}`)),
    );
    check();
  });
}
