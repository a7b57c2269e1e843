import { defineConfig } from 'tsup';

export default defineConfig({
  // `mapped` (the zod schemas) is its own entry: shared code lands in a chunk that bundlers drop
  // when only the client is imported, so zod stays out of a client-only bundle.
  entry: { index: 'src/index.ts', mapped: 'src/mapped/index.ts' },
  format: ['esm', 'cjs'],
  splitting: true,
  dts: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  tsconfig: '../../tsconfig.base.json',
  // p-retry is ESM-only: bundling it keeps the CommonJS build loadable with require() on every Node 20.
  noExternal: ['p-retry', 'is-network-error'],
});
