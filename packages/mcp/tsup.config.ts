import { defineConfig } from 'tsup';
import { embeddedMockEntry, launcher, library } from '../../scripts/build/tsup-base.js';
import { bundled, commandBundle } from './bin-bundle.js';

export default defineConfig([
  // import.meta.url in the CommonJS build too: src/skills.ts finds the skills folder by it.
  // The MCP Apps constants are bundled (two strings): the package would pull in
  // @modelcontextprotocol/client as its peer, 7 MB that `npx -y @shiptrack/mcp` need not install.
  // No source maps: 1.2 MB of the 20 MB an install may take (decision 0018).
  library(
    { index: 'src/index.ts' },
    { shims: true, sourcemap: false, noExternal: [/^@modelcontextprotocol\/ext-apps\//] },
  ),
  // The stdio bin (see bin-bundle.ts) and its launcher.
  { entry: { cli: 'src/cli/main.ts' }, ...commandBundle },
  launcher,
  // The container view's HTML, read by the bin on the first read of the view only.
  { entry: { 'container-view': 'src/app/generated/container-view-html.ts' }, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: embeddedMockEntry, ...bundled },
]);
