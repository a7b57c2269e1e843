/**
 * The two paths of `docs/adding-an-operation.md`, run: copies the
 * workspace's tracked files to a temporary folder (sharing its
 * `node_modules`) and, in it, adds
 *
 * - `existing-type`: `GET /terminals` (`terminals.list`), a list of a type
 *   the spec already has: the spec and the mock's route, two files;
 * - `new-type`: `GET /containers/{id}/photos` (`containers.photos`), a list
 *   of a new type, `container_photo`: the spec, the mock's route and its
 *   serializer, three files (no mapped model: its items are mapped as
 *   `MappedResource`, camelCased);
 *
 * each as a patch of the spec (`example-add-operation/<path>/spec.patch`),
 * then `pnpm generate` (the SDK method, the CLI command, the README tables
 * and the rest), then the hand edits (`<path>/hand-edits.patch`); then it
 * typechecks the copy. It prints the files it edited by hand, and fails if
 * the copy does not typecheck.
 *
 *   pnpm tsx scripts/example-add-operation.ts [--keep] [--no-typecheck]
 *
 * `applyExample` and `copyWorkspace` are exported for its test
 * (`test/example-add-operation.test.ts`), which also runs the new commands.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The example's two paths: an operation returning a type the spec has, and one returning a new type. */
export type ExamplePath = 'existing-type' | 'new-type';

/**
 * Applies one of a path's patches (`spec` or `hand-edits`) to a copy of
 * the workspace; returns the files it edits.
 */
export function applyExample(
  root: string,
  path: ExamplePath,
  part: 'spec' | 'hand-edits',
): string[] {
  const patch = join(repoRoot, 'scripts/example-add-operation', path, `${part}.patch`);
  try {
    execFileSync('git', ['apply', patch], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`${patch} no longer applies; update it to the files it edits.`, {
      cause: error,
    });
  }
  const files = readFileSync(patch, 'utf8').matchAll(/^\+\+\+ b\/(.+)$/gm);
  return [...files].map(([, file = '']) => file);
}

/**
 * Links a package's dependencies into the copy: each to the installed one,
 * except the workspace's own packages (`@shiptrack/*`), which point at the
 * copy so that its packages see each other's edits.
 */
function linkModules(modules: string, root: string): void {
  if (!existsSync(modules)) return;
  const target = join(root, modules.slice(repoRoot.length));
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === '@shiptrack') {
      mkdirSync(join(target, entry), { recursive: true });
      for (const name of readdirSync(join(modules, entry))) {
        const real = realpathSync(join(modules, entry, name));
        const inCopy = real.startsWith(repoRoot) ? join(root, real.slice(repoRoot.length)) : real;
        symlinkSync(inCopy, join(target, entry, name), 'dir');
      }
    } else if (!existsSync(join(target, entry))) {
      symlinkSync(realpathSync(join(modules, entry)), join(target, entry));
    }
  }
}

/** Copies the tracked files of the workspace to a new folder that shares its `node_modules`. */
export function copyWorkspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'shiptrack-add-operation-'));
  const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    if (existsSync(join(repoRoot, file))) cpSync(join(repoRoot, file), join(root, file));
  }
  const packages = execFileSync('pnpm', ['-r', 'exec', 'pwd'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const dir of [repoRoot, ...packages]) linkModules(join(dir, 'node_modules'), root);
  return root;
}

function main(): void {
  const root = copyWorkspace();
  try {
    for (const path of ['existing-type', 'new-type'] as const) {
      const edited = applyExample(root, path, 'spec');
      execFileSync('npx', ['tsx', 'scripts/generate.ts'], { cwd: root, stdio: 'inherit' });
      edited.push(...applyExample(root, path, 'hand-edits'));
      process.stdout.write(
        `${path}: edited by hand (${edited.length}):\n${edited.map((f) => `  ${f}`).join('\n')}\n`,
      );
    }
    if (!process.argv.includes('--no-typecheck')) {
      execFileSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], {
        cwd: root,
        stdio: 'inherit',
      });
      process.stdout.write('the copy typechecks\n');
    }
  } finally {
    if (process.argv.includes('--keep')) process.stdout.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
