/**
 * Tests of what `pnpm build` makes (a bundled bin, a packed entry) need the
 * build. They never build, so a missing or stale build is a failure that
 * says what to run: not a skip, and not a build under a test's time limit.
 * CI builds before it runs the tests.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A file a build writes, and the source folders it is made from (relative to the repository). */
export interface Build {
  output: string;
  sources: readonly string[];
}

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
 * Throws, saying to run `pnpm build`, when `build.output` is missing or
 * older than its sources (a test of an old build proves nothing of the code).
 */
export function requireBuilt(build: Build): void {
  let built: number;
  try {
    built = statSync(join(root, build.output)).mtimeMs;
  } catch {
    throw new Error(
      `${build.output} is missing: this test runs the build; run \`pnpm build\` first.`,
    );
  }
  const changed = build.sources.find((dir) => newest(join(root, dir)) > built);
  if (changed !== undefined) {
    throw new Error(
      `${build.output} is older than ${relative(root, join(root, changed))}: run \`pnpm build\` again first.`,
    );
  }
}
