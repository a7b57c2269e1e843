/**
 * Only `@shiptrack/sdk/node` may reach Node's built-ins and undici: no
 * module that the other entries load imports a `node:` specifier or
 * `undici`, so Deno, Bun and Workers never meet `node:zlib`, and
 * `createClient`'s bundle never carries undici's pool. (Biome's
 * noNodejsModules checks each file; this checks what each entry pulls in.)
 */
import { describe, expect, it } from 'vitest';
import { packageImports } from './module-graph.js';

const EVERY_RUNTIME = ['index.ts', 'mapped/index.ts', 'webhooks/index.ts', 'testing.ts', 'spec.ts'];

/** Every package specifier (not a relative path) the modules reachable from `entry` import. */
const packagesImported = (entry: string) =>
  new Set(packageImports(entry).map((found) => found.specifier));

describe('entries and Node built-ins', () => {
  it.each(EVERY_RUNTIME)('%s loads no node: module and no undici', (entry) => {
    const imported = [...packagesImported(entry)];
    expect(imported.filter((name) => name.startsWith('node:') || name === 'undici')).toEqual([]);
  });

  it('node/index.ts does (so the walk above sees imports)', () => {
    expect([...packagesImported('node/index.ts')]).toEqual(
      expect.arrayContaining(['node:zlib', 'undici']),
    );
  });
});
