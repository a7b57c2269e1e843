/**
 * Installs the packed packages the way a user gets them (`pnpm pack`, then
 * `npm install` of the tarballs into an empty project) and runs them: from
 * ESM and CommonJS on Node, through the `shiptrack-mock`, `shiptrack-mcp`,
 * `shiptrack-mcp-http` and `shiptrack` bins, `shiptrack-mcp` and `shiptrack`
 * also through `npx` from their tarballs as an MCP client's configuration and
 * the CLI's README start them, and the SDK on
 * Bun, Deno and workerd (the Cloudflare Workers runtime, through miniflare),
 * all installed from npm, against that bin. publint and
 * arethetypeswrong check the package metadata and types; this checks that
 * the built code runs where the READMEs say it does. Expects `pnpm build` to
 * have run. Needs the npm registry for the packages' own dependencies.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const smokeDir = join(root, 'scripts', 'packed-smoke');
const packages = [
  'packages/sdk',
  'packages/mock-server',
  'packages/redis',
  'packages/ops',
  'packages/mcp',
  'packages/mcp-http',
  'packages/cli',
  'packages/mirror',
];
/**
 * Runtimes and tools installed from npm next to the packages. miniflare 3 is
 * the last major that runs on Node 20; esbuild bundles the worker for it.
 */
const runtimes = ['bun@1', 'deno@2', 'miniflare@3', 'esbuild@0.25', 'msw@^2', 'ioredis@^6'];

/** Runs a command and fails loudly with its output; returns stdout. */
function run(command: string, args: string[], cwd: string, env = process.env): string {
  try {
    return execFileSync(command, args, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

/** Starts the installed bin and resolves with the URL and keys of its one JSON line. */
function startBin(project: string): Promise<{ child: ChildProcess; url: string; apiKey: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(project, 'node_modules', '.bin', 'shiptrack-mock'), ['--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shiptrack-mock printed no line in 20 s\n${stderr}`));
    }, 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline === -1) return;
      clearTimeout(timer);
      const started = JSON.parse(stdout.slice(0, newline)) as { url?: unknown; apiKeys?: unknown };
      const apiKey = Array.isArray(started.apiKeys) ? started.apiKeys[0] : undefined;
      if (
        typeof started.url === 'string' &&
        started.url.endsWith('/v2') &&
        typeof apiKey === 'string'
      ) {
        resolve({ child, url: started.url, apiKey });
      } else {
        child.kill('SIGKILL');
        reject(new Error(`unexpected first line: ${stdout}`));
      }
    });
    child.on('error', reject);
  });
}

const work = mkdtempSync(join(tmpdir(), 'shiptrack-packed-'));
try {
  for (const dir of packages) run('pnpm', ['pack', '--pack-destination', work], join(root, dir));
  const tarballs = readdirSync(work)
    .filter((name) => name.endsWith('.tgz'))
    .map((name) => join(work, name));
  const project = join(work, 'app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "packed-check", "private": true }\n');
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...runtimes],
    project,
  );
  for (const file of readdirSync(smokeDir)) copyFileSync(join(smokeDir, file), join(project, file));

  process.stdout.write(run('node', ['esm.mjs'], project));
  process.stdout.write(run('node', ['cjs.cjs'], project));
  process.stdout.write(run('node', ['mcp.mjs'], project));
  process.stdout.write(run('node', ['mirror.mjs'], project));
  // What a client configuration runs (`npx -y @shiptrack/mcp --mock`), from the tarballs: the
  // SDK's and the mirror's tarballs beside it stand in for the registry, where they are not
  // published yet.
  const tarball = (name: string) => tarballs.find((path) => path.includes(`shiptrack-${name}-`));
  const npxPackages = ['mcp', 'sdk', 'mirror'].flatMap((name) => [
    '--package',
    tarball(name) ?? name,
  ]);
  const elsewhere = join(work, 'npx');
  mkdirSync(elsewhere);
  process.stdout.write(
    run(
      'node',
      [join(project, 'mcp.mjs'), 'npx', '-y', ...npxPackages, 'shiptrack-mcp', '--mock'],
      elsewhere,
    ),
  );
  // `--mirror <dir>` from the same npx install: the bin requires the installed @shiptrack/mirror,
  // whose PGlite opens (and migrates) a database in that directory on first try.
  process.stdout.write(
    run(
      'node',
      [
        join(project, 'mcp.mjs'),
        'npx',
        '-y',
        ...npxPackages,
        'shiptrack-mcp',
        '--mock',
        '--mirror',
        join(work, 'mirror-data'),
      ],
      elsewhere,
    ),
  );

  // The CLI's first README line (`npx -y @shiptrack/cli --mock containers list`): its bundle holds
  // every dependency, so its tarball alone is what npx installs.
  process.stdout.write(run('node', ['cli.mjs'], project));
  process.stdout.write(
    run(
      'node',
      [join(project, 'cli.mjs'), 'npx', '-y', '--package', tarball('cli') ?? 'cli', 'shiptrack'],
      elsewhere,
    ),
  );

  const mock = await startBin(project);
  try {
    console.log(`bin ok: ${mock.url}`);
    const env = { ...process.env, SHIPTRACK_SMOKE_URL: mock.url, SHIPTRACK_SMOKE_KEY: mock.apiKey };
    process.stdout.write(run('node', ['mcp-http.mjs'], project, env));
    const bin = join(project, 'node_modules', '.bin');
    process.stdout.write(`bun: ${run(join(bin, 'bun'), ['web-runtime.mjs'], project, env)}`);
    process.stdout.write(
      `deno: ${run(join(bin, 'deno'), ['run', '--allow-net', '--allow-env', '--allow-read', 'web-runtime.mjs'], project, env)}`,
    );
    run(
      join(bin, 'esbuild'),
      [
        'worker.mjs',
        '--bundle',
        '--format=esm',
        '--platform=neutral',
        '--main-fields=module,main',
        '--conditions=worker,import',
        '--outfile=worker.bundle.mjs',
      ],
      project,
    );
    process.stdout.write(`workerd: ${run('node', ['worker-host.mjs'], project, env)}`);
  } finally {
    mock.child.kill('SIGTERM');
  }
  console.log('packed packages run on Node (ESM, CommonJS, bins), Bun, Deno and workerd');
} finally {
  rmSync(work, { recursive: true, force: true });
}
