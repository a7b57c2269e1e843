/**
 * A test file's own code: the file and the modules it imports by relative
 * path, transitively. What a test does to its process (a server, msw, a
 * hook) shows there; the rules that place test files read it
 * (`scripts/test-node-versions.ts`, `scripts/test/isolation.ts`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/** One module of a test's own code. */
export interface OwnSource {
  file: string;
  source: string;
}

/**
 * The test file and the modules it imports by relative path, transitively.
 * A test beside the sources (in `src/`) follows them: they are the unit it
 * drives. A test outside `src/` stops at it: it reaches whole packages
 * through their index, and what it drives of them shows in its own code.
 */
export function ownSources(testFile: string): OwnSource[] {
  const inSrc = (file: string) => file.includes(`${sep}src${sep}`);
  const followSrc = inSrc(testFile);
  const seen = new Set<string>([testFile]);
  const queue = [testFile];
  const sources: OwnSource[] = [];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const source = readFileSync(file, 'utf8');
    sources.push({ file, source });
    for (const [, specifier] of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), (specifier ?? '').replace(/\.js$/, '.ts'));
      if ((inSrc(target) && !followSrc) || seen.has(target) || !existsSync(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return sources;
}
