/**
 * What each benchmark measures, as paths of this repository, and a hash of
 * their contents: a result records the hash of its run, and the summary
 * marks it stale once the code it measured has changed since.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sdk = 'packages/sdk/src';
const mcp = 'packages/mcp/src';

/** The paths (files or folders, from the repository root) each benchmark measures, its own script included. */
export const MEASURED: Readonly<Record<string, readonly string[]>> = {
  cli: [
    'packages/cli/src',
    sdk,
    'bench/cli.bench.ts',
    'bench/cli-sdk-list.ts',
    'bench/child-processes.ts',
  ],
  'mcp-cold-start': [
    mcp,
    'packages/mcp/bin',
    'packages/mcp/bin-bundle.ts',
    sdk,
    'bench/mcp-cold-start.bench.ts',
    'bench/mcp-bare-server.ts',
  ],
  'mcp-http': [
    'packages/mcp-http/src',
    mcp,
    sdk,
    'bench/mcp-http.bench.ts',
    'bench/mcp-http-targets.ts',
    'bench/mcp-http-bare-host.ts',
    'bench/mcp-http-requests.ts',
    'bench/child-processes.ts',
  ],
  'mcp-http-telemetry': [
    'packages/mcp-http/src',
    'packages/ops/src',
    mcp,
    sdk,
    'packages/mock-server/src',
    'bench/mcp-http-telemetry.bench.ts',
  ],
  'mcp-tool-call': [mcp, sdk, 'packages/mock-server/src', 'bench/mcp-tool-call.bench.ts'],
  mirror: ['packages/mirror/src', `${sdk}/webhooks`, 'bench/mirror.bench.ts'],
  'mirror-attention': [
    'packages/mirror/src',
    `${sdk}/facts`,
    'bench/mirror-attention.bench.ts',
    'bench/mirror-attention-data.ts',
  ],
  'mock-server': [
    'packages/mock-server/src',
    'bench/mock-server.bench.ts',
    'bench/mock-server-targets.ts',
    'bench/child-processes.ts',
  ],
  redis: ['packages/redis/src', `${sdk}/core`, 'bench/redis.bench.ts'],
  sdk: [sdk, 'bench/sdk.bench.ts', 'bench/sdk-fixture.ts'],
  types: [
    sdk,
    'packages/sdk/package.json',
    'packages/sdk/tsup.config.ts',
    'bench/types.bench.ts',
    'bench/types',
  ],
  webhooks: [`${sdk}/webhooks`, `${sdk}/testing.ts`, 'bench/webhooks.bench.ts'],
};

/** What a result records of the code it measured. */
export interface MeasuredCode {
  paths: readonly string[];
  /** {@link measuredHash} of `paths` when the benchmark ran. */
  hash: string;
}

/** Files under a path, sorted; tests, hidden files, `node_modules` and `dist` are not measured code. */
function filesUnder(root: string, path: string): string[] {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(join(root, path));
  } catch {
    return []; // a path that is gone hashes as empty, so its removal is a change
  }
  if (stats.isFile()) return [path];
  return readdirSync(join(root, path))
    .filter((name) => !name.startsWith('.') && name !== 'node_modules' && name !== 'dist')
    .filter((name) => !name.endsWith('.test.ts'))
    .sort()
    .flatMap((name) => filesUnder(root, `${path}/${name}`));
}

/** A SHA-256 of the names and contents of every file under `paths` (relative to `root`). */
export function measuredHash(root: string, paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((path) => filesUnder(root, path))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** What a run measures now: the paths and their hash. */
export function measuredCode(root: string, paths: readonly string[]): MeasuredCode {
  return { paths, hash: measuredHash(root, paths) };
}

/**
 * Whether a result no longer describes the code: it recorded no hash, its
 * benchmark now measures other paths, or a file under them changed since.
 */
export function isStale(
  root: string,
  recorded: MeasuredCode | undefined,
  paths: readonly string[],
): boolean {
  if (!recorded) return true;
  return (
    recorded.paths.join('\n') !== paths.join('\n') || recorded.hash !== measuredHash(root, paths)
  );
}
