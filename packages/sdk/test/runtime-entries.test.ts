/**
 * Only `@shiptrack/sdk/node` may reach Node's built-ins: no module that the
 * other entries load imports a `node:` specifier, so Deno, Bun and Workers
 * never meet `node:http`. (Biome's noNodejsModules checks each file; this
 * checks what each entry pulls in.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const EVERY_RUNTIME = ['index.ts', 'mapped/index.ts', 'webhooks/index.ts', 'testing.ts', 'spec.ts'];
const SPECIFIER = /(?:^|\s)(?:import|export)\s(?:[^;'"]*?\sfrom\s)?'([^']+)'|import\('([^']+)'\)/g;

/** Every package specifier (not a relative path) the modules reachable from `entry` import. */
function packagesImported(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(join(SRC, entry));
  return packages;
}

describe('entries and Node built-ins', () => {
  it.each(EVERY_RUNTIME)('%s loads no node: module', (entry) => {
    expect([...packagesImported(entry)].filter((name) => name.startsWith('node:'))).toEqual([]);
  });

  it('node/index.ts does (so the walk above sees imports)', () => {
    expect(packagesImported('node/index.ts')).toContain('node:http');
  });
});
