/**
 * The declarations of `@shiptrack/sdk` and `@shiptrack/sdk/webhooks` load
 * neither zod's types nor openapi-fetch's: a program that checks its
 * dependencies' declarations would otherwise check theirs too, about
 * 300,000 type instantiations for nothing (bench/README.md, "types").
 * Checked in the sources (the mapped interfaces apart from their schemas;
 * no openapi-fetch at all, `core/operation-url.ts` builds the URLs) and in
 * the published declarations themselves (they need `pnpm build`; a missing
 * or stale build fails saying so).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../../../test-support/built.js';
import { packageImports } from './module-graph.js';

/** The entries whose declarations must stay light, by source and by built declaration file. */
const LIGHT = [
  { source: 'index.ts', declarations: 'index.d.ts' },
  { source: 'webhooks/index.ts', declarations: 'webhooks.d.ts' },
];

describe('the sources of the light entries', () => {
  it.each(LIGHT)('$source reaches no module that imports zod', ({ source }) => {
    const zod = packageImports(source).filter((found) => found.specifier === 'zod');
    expect(zod.map((found) => found.module)).toEqual([]);
  });

  it.each(LIGHT)('$source reaches no module that imports openapi-fetch', ({ source }) => {
    const found = packageImports(source).filter((found) => found.specifier === 'openapi-fetch');
    expect(found.map((found) => `${found.module}: ${found.statement}`)).toEqual([]);
  });

  it('mapped/index.ts does import zod (so the walk sees it)', () => {
    expect(packageImports('mapped/index.ts').map((found) => found.specifier)).toContain('zod');
  });
});

const DIST = fileURLToPath(new URL('../dist/esm/', import.meta.url));
const SPECIFIER = /\sfrom\s'([^']+)'|^import\s'([^']+)'/gm;

/** Every package a built declaration file and the chunks it imports refer to. */
function declaredPackages(file: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const match of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.'))
        visit(join(dirname(path), specifier.replace(/\.js$/, '.d.ts')));
      else packages.add(specifier);
    }
  };
  visit(join(DIST, file));
  return packages;
}

describe('the built declarations of the light entries', () => {
  beforeAll(() => {
    requireBuilt({ output: 'packages/sdk/dist/esm/index.d.ts', sources: ['packages/sdk/src'] });
  });

  it.each(LIGHT)('$declarations refers to neither zod nor openapi-fetch', ({ declarations }) => {
    const packages = declaredPackages(declarations);
    expect(packages.has('zod')).toBe(false);
    expect(packages.has('openapi-fetch')).toBe(false);
  });

  it('mapped.d.ts does refer to zod (so the walk sees it)', () => {
    expect(declaredPackages('mapped.d.ts')).toContain('zod');
  });
});
