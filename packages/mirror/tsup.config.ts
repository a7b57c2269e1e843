import { defineConfig } from 'tsup';

export default defineConfig({
  // One file per format; the SDK is a peer and the database drivers stay imports.
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  platform: 'node',
  sourcemap: true,
});
