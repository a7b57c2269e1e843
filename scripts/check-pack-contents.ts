/**
 * What `npm pack` would publish, for every published package: only
 * `package.json`, `README.md`, `LICENSE`, the build (`dist/`), the bin
 * launchers the package declares and Agent Skills (`skills/<name>/`); no sources, tests or caches; and every
 * file the package.json points at (entries, types, bins) is in it; and a
 * command bundle (`dist/cli.cjs`) is ASCII, as the bin launcher reads it as
 * latin1 (`scripts/build/bin-launcher.ts`). Expects `pnpm build` to have run. Exits 1 with one line per problem.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface PackageJson {
  name: string;
  private?: boolean;
  bin?: string | Record<string, string>;
  main?: string;
  module?: string;
  types?: string;
  exports?: unknown;
}

/** The files `npm pack --dry-run` lists for the package in `dir`. */
function packedFiles(dir: string): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [report] = JSON.parse(output) as { files: { path: string }[] }[];
  return (report?.files ?? []).map((file) => file.path);
}

function withoutDotSlash(path: string): string {
  return path.replace(/^\.\//, '');
}

/** Every file the manifest points at, except the workspace's own source condition. */
function referencedFiles(manifest: PackageJson): string[] {
  const targets: string[] = [];
  const walk = (value: unknown, condition?: string) => {
    if (typeof value === 'string') {
      if (condition !== 'shiptrack-source' && !value.includes('*')) targets.push(value);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, key);
    }
  };
  walk(manifest.exports);
  walk(manifest.bin);
  for (const field of [manifest.main, manifest.module, manifest.types]) walk(field);
  return [...new Set(targets.map(withoutDotSlash))].filter((path) => path !== 'package.json');
}

/** Problems of one package's packed file list. */
function packProblems(manifest: PackageJson, files: string[]): string[] {
  const bins = new Set(
    Object.values(
      typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {}),
    ).map(withoutDotSlash),
  );
  const allowed = (path: string) =>
    ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(path) ||
    bins.has(path) ||
    path.startsWith('dist/') ||
    /^skills\/[a-z0-9-]+\/.+\.md$/.test(path);
  const forbidden = (path: string) =>
    /(^|\/)(test|tests|__tests__|__snapshots__)\//.test(path) ||
    /\.(test|spec)\.[cm]?[jt]s$/.test(path) ||
    /\.cache$/.test(path);
  const problems = files
    .filter((path) => !allowed(path) || forbidden(path))
    .map((path) => `${manifest.name}: ${path} should not be published`);
  for (const required of ['README.md', 'LICENSE', ...referencedFiles(manifest)]) {
    if (!files.includes(required)) problems.push(`${manifest.name}: ${required} is missing`);
  }
  return problems;
}

/** The problem of a command bundle with a byte beyond ASCII, which latin1 would misread. */
function bundleProblem(name: string, dir: string): string | undefined {
  const bundle = join(dir, 'dist', 'cli.cjs');
  if (!existsSync(bundle)) return undefined;
  const offset = readFileSync(bundle).findIndex((byte) => byte > 0x7f);
  return offset === -1
    ? undefined
    : `${name}: dist/cli.cjs has a byte beyond ASCII at ${offset}; bundle it with esbuild's charset 'ascii'`;
}

const problems: string[] = [];
for (const folder of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', folder);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  if (manifest.private) continue;
  const files = packedFiles(dir);
  const found = packProblems(manifest, files);
  const bundle = bundleProblem(manifest.name, dir);
  if (bundle) found.push(bundle);
  problems.push(...found);
  console.log(`${manifest.name}: ${files.length} files${found.length ? '' : ', contents ok'}`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
