import { rmSync } from 'node:fs';
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

// dist/ is emptied once, here, before any entry builds: tsup builds the entries at the same
// time, and one entry's `clean` could remove files another had already written.
rmSync(fileURLToPath(new URL('./dist', import.meta.url)), { recursive: true, force: true });

export default defineConfig([
  { entry: { cli: 'src/bin.ts' }, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: embeddedMockEntry, ...bundled },
  // The completion scripts' writers and values: read only by completion.
  { entry: { completion: 'src/completion/entry.ts' }, ...bundled },
  // string-width and log-update: read only by a run that draws for a person.
  { entry: { terminal: 'src/terminal/engines.ts' }, ...bundled },
  // What the local webhook receiver does with each delivery: read only by `webhooks listen`.
  { entry: { deliveries: 'src/webhooks/deliveries.ts' }, ...bundled },
  // jq (WebAssembly inside): read only by a run with --jq.
  { entry: { jq: 'src/jq/engine.ts' }, ...bundled },
  launcher,
]);
