import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: ESM and CommonJS with declarations; dependencies stay external.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
  },
  {
    // The CLI (bin `shiptrack-mcp-http`): ESM only, dependencies external, shebang kept.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
  },
]);
