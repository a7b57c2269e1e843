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
 * the built code runs where the READMEs say it does; that the packed
 * manifests share one version and keep no `shiptrack-source` condition; and
 * that `@shiptrack/mcp` alone installs under 20 MB. Expects `pnpm build` to
 * have run. Needs the npm registry for the packages' own dependencies.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

/** The most an install of the stdio server alone (`npx -y @shiptrack/mcp`) may take on disk. */
const MCP_ALONE_LIMIT_BYTES = 20_000_000;

/** The bytes of every file under `dir` (symbolic links counted as links, not followed). */
function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? diskBytes(path) : lstatSync(path).size;
  }
  return total;
}

/**
 * The installed manifests of our packages: one version for all of them, and
 * no `shiptrack-source` export condition (it points at `src/`, which is not
 * published; .pnpmfile.cjs takes it out when packing).
 */
function checkInstalledManifests(project: string): void {
  const scope = join(project, 'node_modules', '@shiptrack');
  const versions = new Map<string, string>();
  for (const name of readdirSync(scope)) {
    const text = readFileSync(join(scope, name, 'package.json'), 'utf8');
    if (text.includes('shiptrack-source')) {
      throw new Error(`@shiptrack/${name}: the packed package.json keeps shiptrack-source`);
    }
    // Safe: a package.json that npm has just installed.
    versions.set(name, (JSON.parse(text) as { version: string }).version);
  }
  if (new Set(versions.values()).size !== 1) {
    throw new Error(
      `our packages' versions differ: ${JSON.stringify(Object.fromEntries(versions))}`,
    );
  }
  console.log(`manifests ok: ${versions.size} packages at ${[...versions.values()][0]}`);
}

/**
 * `@shiptrack/mcp` installed alone, as `npx -y @shiptrack/mcp` installs it:
 * under {@link MCP_ALONE_LIMIT_BYTES}, without the mirror and without
 * `@opentelemetry/api` (optional peers), its library answering a tool call
 * all the same, and `--mirror` there says how to install it.
 */
function checkMcpAlone(work: string, mcpTarball: string, sdkTarball: string): void {
  const alone = join(work, 'mcp-alone');
  mkdirSync(alone);
  writeFileSync(join(alone, 'package.json'), '{ "name": "mcp-alone", "private": true }\n');
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', mcpTarball, sdkTarball],
    alone,
  );
  const modules = join(alone, 'node_modules');
  if (existsSync(join(modules, '@shiptrack', 'mirror'))) {
    throw new Error('@shiptrack/mcp alone installed @shiptrack/mirror');
  }
  const bytes = diskBytes(modules);
  const megabytes = (bytes / 1e6).toFixed(1);
  if (bytes >= MCP_ALONE_LIMIT_BYTES) {
    throw new Error(
      `@shiptrack/mcp alone installs ${megabytes} MB, over ${MCP_ALONE_LIMIT_BYTES / 1e6} MB`,
    );
  }
  // Without NODE_PATH: pnpm's runners set it to the workspace's store, where the optional peers are.
  const { NODE_PATH: _workspaceModules, ...env } = process.env;
  copyFileSync(join(smokeDir, 'mcp-without-telemetry.mjs'), join(alone, 'smoke.mjs'));
  process.stdout.write(run('node', ['smoke.mjs'], alone, env));
  const bin = join(modules, '.bin', 'shiptrack-mcp');
  const started = spawnSync(bin, ['--mock', '--mirror', join(alone, 'data')], {
    cwd: alone,
    env,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
  if (started.status !== 1 || !started.stderr.includes('npm install @shiptrack/mirror')) {
    throw new Error(
      `shiptrack-mcp --mirror without the mirror should exit 1 saying how to install it; exit ${started.status}: ${started.stderr}`,
    );
  }
  console.log(
    `@shiptrack/mcp alone: ${megabytes} MB installed, --mirror says how to add the mirror`,
  );
}

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
  checkInstalledManifests(project);

  process.stdout.write(run('node', ['esm.mjs'], project));
  process.stdout.write(run('node', ['cjs.cjs'], project));
  process.stdout.write(run('node', ['mcp.mjs'], project));
  process.stdout.write(run('node', ['mirror.mjs'], project));
  // What a client configuration runs (`npx -y @shiptrack/mcp --mock`), from the tarballs: the
  // SDK's tarball beside it stands in for the registry, where it is not published yet. The
  // mirror is an optional peer, which npx does not install: it is added only for `--mirror`.
  const tarball = (name: string) => tarballs.find((path) => path.includes(`shiptrack-${name}-`));
  const npxPackagesOf = (names: string[]) =>
    names.flatMap((name) => ['--package', tarball(name) ?? name]);
  const elsewhere = join(work, 'npx');
  mkdirSync(elsewhere);
  process.stdout.write(
    run(
      'node',
      [
        join(project, 'mcp.mjs'),
        'npx',
        '-y',
        ...npxPackagesOf(['mcp', 'sdk']),
        'shiptrack-mcp',
        '--mock',
      ],
      elsewhere,
    ),
  );
  checkMcpAlone(work, tarball('mcp') ?? 'mcp', tarball('sdk') ?? 'sdk');
  // `--mirror <dir>` with the mirror added to the npx install: the bin requires the installed
  // @shiptrack/mirror, whose PGlite opens (and migrates) a database in that directory on first try.
  process.stdout.write(
    run(
      'node',
      [
        join(project, 'mcp.mjs'),
        'npx',
        '-y',
        // The mirror's own dependency @shiptrack/ops is not published yet either.
        ...npxPackagesOf(['mcp', 'sdk', 'mirror', 'ops']),
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
