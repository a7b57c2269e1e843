import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Both bin bundles: one self-contained, minified CommonJS file each (every
 * dependency inside), so `npx -y @shiptrack/cli` starts without resolving a
 * module tree; CommonJS so that the launcher (bin/shiptrack.cjs) can compile
 * it with V8's code cache. Workspace packages are bundled from their sources.
 */
const bundled: Options = {
  target: 'node20',
  platform: 'node',
  // Everything but @shiptrack/mirror (PGlite and all), which `shiptrack mirror` imports at run time.
  noExternal: [/^(?!@shiptrack\/mirror(\/|$))/],
  external: ['@shiptrack/mirror'],
  minify: true,
  sourcemap: false,
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  define: { 'import.meta.url': '__shiptrackModuleUrl' },
  banner: {
    js: "var __shiptrackModuleUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  esbuildOptions(options) {
    options.conditions = ['shiptrack-source'];
    options.nodePaths = [here('./node_modules')];
  },
};

export default defineConfig([
  { entry: { cli: 'src/bin.ts' }, clean: true, ...bundled },
  // The embedded mock behind --mock: a second file, read only with that flag.
  { entry: { mock: 'src/mock/embedded.ts' }, ...bundled },
  // The completion scripts' writers: read only by `shiptrack completion`.
  { entry: { completion: 'src/completion/scripts.ts' }, ...bundled },
]);
