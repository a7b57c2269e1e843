/**
 * How the stdio bin is bundled, shared by `tsup.config.ts` and the cold-start
 * benchmark (which bundles a bare MCP server the same way as its reference).
 */
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';

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

/**
 * Keeps the container view's HTML out of the command's bundle: its module
 * becomes a `require` of `container-view.cjs` (a file of its own, built by
 * tsup.config.ts), evaluated on the first read of the view only, so the
 * bin's start neither reads nor parses it.
 */
const viewAsOwnFile: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'container-view-as-own-file',
  setup(build) {
    build.onResolve({ filter: /\/generated\/container-view-html\.js$/ }, () => ({
      path: 'container-view',
      namespace: 'shiptrack-container-view',
    }));
    build.onLoad({ filter: /.*/, namespace: 'shiptrack-container-view' }, () => ({
      contents: "module.exports = require('./container-view.cjs');",
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/container-view\.cjs$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

/** What both bin bundles (the command and its embedded mock) share. */
export const bundled: Options = {
  target: 'node20',
  platform: 'node',
  noExternal: [/.*/],
  minify: true,
  sourcemap: false,
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  // Workspace packages are bundled from their sources, so the bin needs no prior build of them.
  esbuildOptions(options) {
    options.conditions = ['shiptrack-source'];
    // Dependencies resolve from this package, wherever the entry lives (the benchmark's is in bench/).
    options.nodePaths = [here('./node_modules')];
  },
  esbuildPlugins: [slimBundle],
};

/**
 * The command's bundle: one self-contained CommonJS file (every dependency
 * bundled and minified), so `npx -y @shiptrack/mcp` starts without resolving
 * a module tree; CommonJS so that the launcher (bin/shiptrack-mcp.cjs) can
 * compile it with V8's code cache.
 */
export const commandBundle: Options = {
  ...bundled,
  esbuildPlugins: [slimBundle, viewAsOwnFile],
  define: { 'import.meta.url': '__shiptrackModuleUrl' },
  banner: {
    js: "var __shiptrackModuleUrl = require('node:url').pathToFileURL(__filename).href;",
  },
};
