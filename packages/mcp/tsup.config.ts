import { defineConfig } from 'tsup';
import { bundled, commandBundle } from './bin-bundle.js';

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
    // import.meta.url in the CommonJS build too: src/skills.ts finds the skills folder by it.
    shims: true,
  },
  // The stdio bin (see bin-bundle.ts).
  { entry: { cli: 'src/cli/main.ts' }, ...commandBundle },
  // The container view's HTML, read by the bin on the first read of the view only.
  { entry: { 'container-view': 'src/app/generated/container-view-html.ts' }, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: { mock: 'src/cli/mock.ts' }, ...bundled },
]);
