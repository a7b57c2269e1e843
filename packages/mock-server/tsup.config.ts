import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: ESM and CommonJS with declarations, one file per entry.
    entry: { index: 'src/index.ts', msw: 'src/adapters/msw.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
    external: ['msw'],
  },
  {
    // The CLI (bin `shiptrack-mock`): ESM only, with its shebang kept.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
  },
]);
