/**
 * How the stdio bin is bundled, shared by `tsup.config.ts` and the cold-start
 * benchmark (which bundles a bare MCP server the same way as its reference).
 */
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { asOwnFile, binBundle, embeddedMockAsOwnFile } from '../../scripts/build/tsup-base.js';

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

/** What the bin's other files (the container view, the embedded mock) are bundled with. */
export const bundled: Options = binBundle(here('.'), { plugins: [slimBundle] });

/**
 * The command's bundle (`npx -y @shiptrack/mcp` starts it without resolving
 * a module tree). The container view's HTML and the embedded mock stay out
 * of it, each a file of its own read on first use only, so the bin's start
 * neither reads nor parses them.
 */
export const commandBundle: Options = binBundle(here('.'), {
  plugins: [
    slimBundle,
    asOwnFile(/\/generated\/container-view-html\.js$/, 'container-view.cjs'),
    embeddedMockAsOwnFile,
  ],
});
