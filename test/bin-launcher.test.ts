/**
 * Every package's committed bin and the one launcher they share
 * (scripts/build/bin-launcher.ts, built as each package's dist/launch.cjs):
 * each bin copied into a package of its own in a temp directory, run with
 * Node as a user's shell would, first without a build, then with the
 * launcher built the way tsup.config.ts builds it and a stand-in command.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launcher } from '../scripts/build/tsup-base.js';

const PACKAGES = fileURLToPath(new URL('../packages/', import.meta.url));

/** Every bin the packages declare: its command name and committed file. */
const BINS = readdirSync(PACKAGES).flatMap((dir) => {
  // Safe: every package has a package.json; `bin` is read as the record it is in ours.
  const manifest = JSON.parse(readFileSync(join(PACKAGES, dir, 'package.json'), 'utf8')) as {
    bin?: Record<string, string>;
  };
  return Object.entries(manifest.bin ?? {}).map(([name, file]) => ({
    name,
    file: join(PACKAGES, dir, file),
  }));
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        stdout,
        stderr,
      }),
    );
  });
}

const root = mkdtempSync(join(tmpdir(), 'shiptrack-bin-launcher-'));
let built = '';

beforeAll(async () => {
  built = join(root, 'launcher');
  await build({ ...launcher, outDir: built, config: false, silent: true });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A package in the temp directory holding a copy of `bin` and, given them, these dist files. */
function packageWith(bin: string, dist: Record<string, string> | undefined): string {
  const dir = mkdtempSync(join(root, 'package-'));
  mkdirSync(join(dir, 'bin'));
  const copy = join(dir, 'bin', 'command.cjs');
  copyFileSync(bin, copy);
  if (dist) {
    mkdirSync(join(dir, 'dist'));
    copyFileSync(join(built, 'launch.cjs'), join(dir, 'dist', 'launch.cjs'));
    for (const [file, text] of Object.entries(dist)) writeFileSync(join(dir, 'dist', file), text);
  }
  return copy;
}

describe('the bins and their launcher', () => {
  it('declares the five bins', () => {
    expect(BINS.map(({ name }) => name).sort()).toEqual([
      'shiptrack',
      'shiptrack-mcp',
      'shiptrack-mcp-http',
      'shiptrack-mirror',
      'shiptrack-mock',
    ]);
  });

  it.each(BINS)(
    '$name says to run `pnpm build` first when its build is missing, in one line',
    async ({ name, file }) => {
      const result = await run(packageWith(file, undefined));
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `${name}: not built yet: run \`pnpm build\` in the workspace first\n`,
      );
    },
  );

  it('runs a CommonJS command with its arguments, and writes its V8 code cache next to it', async () => {
    const bin = packageWith(BINS[0]?.file ?? '', {
      'cli.cjs':
        'process.stdout.write(JSON.stringify({ args: process.argv.slice(2), dir: __dirname }));',
    });
    const result = await run(bin, ['--flag', 'value']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const dist = join(bin, '..', '..', 'dist');
    expect(JSON.parse(result.stdout)).toEqual({ args: ['--flag', 'value'], dir: dist });
    expect(readdirSync(dist).filter((file) => file.endsWith('.cache'))).toEqual([
      `cli.cjs.${process.version}-${process.arch}.cache`,
    ]);
    // The second start reads the cache it wrote and runs the same.
    expect((await run(bin, ['again'])).stdout).toContain('"args":["again"]');
  });

  it('imports an ES module command when there is no CommonJS one', async () => {
    const bin = packageWith(BINS[0]?.file ?? '', {
      'cli.js':
        "process.stdout.write(['esm', ...process.argv.slice(2), typeof require].join(' '));",
      'package.json': '{"type":"module"}',
    });
    expect(await run(bin, ['a', 'b'])).toEqual({
      code: 0,
      stdout: 'esm a b undefined',
      stderr: '',
    });
  });
});
