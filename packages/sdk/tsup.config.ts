import { defineConfig } from 'tsup';
import { library } from '../../scripts/build/tsup-base.js';

const entries = {
  index: 'src/index.ts',
  mapped: 'src/mapped/index.ts',
  webhooks: 'src/webhooks/index.ts',
  testing: 'src/testing.ts',
  spec: 'src/spec.ts',
  telemetry: 'src/telemetry/index.ts',
  // Node only (node:http): the other entries run on every runtime.
  node: 'src/node/index.ts',
};

export default defineConfig([
  // ESM keeps one file per module, so bundlers drop what an app does not import
  // (zod stays out of a client-only bundle: the mapped schemas are separate modules).
  library(['src/**/*.ts', '!src/**/*.test.ts'], {
    bundle: false,
    format: ['esm'],
    outDir: 'dist/esm',
    dts: { entry: entries },
    platform: 'neutral',
  }),
  // CommonJS is one file per entry; its declarations are the ES module ones,
  // copied by the build script (scripts/build/cjs-declarations.ts).
  library(entries, { format: ['cjs'], outDir: 'dist/cjs', platform: 'neutral', dts: false }),
]);
