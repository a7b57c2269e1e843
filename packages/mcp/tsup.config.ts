import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Swaps two heavy modules of the bin's bundle for small stand-ins: the MCP
 * SDK's Node shims (Ajv) and zod's table of every locale. Both stand-ins say
 * why in their own files; the stdio tests run the built bin.
 */
const slimBundle: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'slim-bundle',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
      path: here('./src/cli/bundle-shims.ts'),
    }));
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${'/'}zod${'/'}`)
        ? { path: here('./src/cli/zod-locales.ts') }
        : undefined,
    );
  },
};

/** What both bin bundles share. */
const bundled = {
  target: 'node20',
  platform: 'node',
  noExternal: [/.*/],
  minify: true,
  sourcemap: false,
  // Workspace packages are bundled from their sources, so the bin needs no prior build of them.
  esbuildOptions(options) {
    options.conditions = ['shiptrack-source'];
  },
  esbuildPlugins: [slimBundle],
} satisfies Options;

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
  {
    // The stdio bin: one self-contained CommonJS file (every dependency bundled and minified),
    // so `npx -y @shiptrack/mcp` starts without resolving a module tree; CommonJS so that the
    // launcher (bin/shiptrack-mcp.js) can compile it with V8's code cache.
    entry: { cli: 'src/cli/main.ts' },
    ...bundled,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    define: { 'import.meta.url': '__shiptrackModuleUrl' },
    banner: {
      js: "var __shiptrackModuleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
  },
  {
    // The embedded mock behind --mock: a second file, read only with that flag.
    entry: { mock: 'src/cli/mock.ts' },
    ...bundled,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
  },
]);
