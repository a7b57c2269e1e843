import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import {
  binBundle,
  embeddedMockAsOwnFile,
  embeddedMockEntry,
  launcher,
} from '../../scripts/build/tsup-base.js';

/**
 * The bin: its bundle, the embedded mock behind --mock (a second file, read
 * only with that flag) and the launcher. Everything is bundled but
 * @shiptrack/mirror (PGlite and all), which `shiptrack mirror` imports at run time.
 */
const bundled = binBundle(fileURLToPath(new URL('.', import.meta.url)), {
  external: ['@shiptrack/mirror'],
  plugins: [embeddedMockAsOwnFile],
});

export default defineConfig([
  { entry: { cli: 'src/bin.ts' }, clean: true, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: embeddedMockEntry, ...bundled },
  // The completion scripts' writers: read only by `shiptrack completion`.
  { entry: { completion: 'src/completion/scripts.ts' }, ...bundled },
  launcher,
]);
