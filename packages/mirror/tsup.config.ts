import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library and its commands (`./commands`); the SDK is a peer and the database drivers stay imports.
    entry: { index: 'src/index.ts', commands: 'src/commands.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
  },
  {
    // The CLI (bin `shiptrack-mirror`): ESM only, with its shebang kept.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
  },
]);
