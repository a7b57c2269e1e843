import { defineConfig } from 'tsup';
import { embeddedMockEntry, launcher, library } from '../../scripts/build/tsup-base.js';
import { bundled, commandBundle } from './bin-bundle.js';

export default defineConfig([
  // import.meta.url in the CommonJS build too: src/skills.ts finds the skills folder by it.
  library({ index: 'src/index.ts' }, { shims: true }),
  // The stdio bin (see bin-bundle.ts) and its launcher.
  { entry: { cli: 'src/cli/main.ts' }, ...commandBundle },
  launcher,
  // The container view's HTML, read by the bin on the first read of the view only.
  { entry: { 'container-view': 'src/app/generated/container-view-html.ts' }, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: embeddedMockEntry, ...bundled },
]);
