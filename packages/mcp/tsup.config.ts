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
]);
