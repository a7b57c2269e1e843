/**
 * How the stdio bin is bundled, shared by `tsup.config.ts` and the cold-start
 * benchmark (which bundles a bare MCP server the same way as its reference).
 */
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { asOwnFile, binBundle, embeddedMockAsOwnFile } from '../../scripts/build/tsup-base.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Swaps three heavy modules of the bin's bundle for small stand-ins: the MCP
 * SDK's Node shims (Ajv), zod's table of every locale, and commander's
 * `child_process` (loaded on its first spawn). Each stand-in says why in its
 * own file; the stdio tests run the built bin.
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
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes(`${'/'}commander${'/'}`)
        ? { path: here('./src/cli/commander-child-process.ts') }
        : undefined,
    );
  },
};

/** What the bin's other files (the container view, the embedded mock) are bundled with. */
export const bundled: Options = binBundle(here('.'), { plugins: [slimBundle] });

/**
 * Keeps `node:` on built-in imports: tsup's own plugin would otherwise
 * resolve them before {@link slimBundle} sees commander's `child_process`.
 */
const keepNodeProtocol: Options = { removeNodeProtocol: false };

/**
 * The command's bundle (`npx -y @shiptrack/mcp` starts it without resolving
 * a module tree). The container view's HTML and the embedded mock stay out
 * of it, each a file of its own read on first use only, so the bin's start
 * neither reads nor parses them.
 */
export const commandBundle: Options = {
  ...binBundle(here('.'), {
    plugins: [
      slimBundle,
      asOwnFile(/\/generated\/container-view-html\.js$/, 'container-view.cjs'),
      embeddedMockAsOwnFile,
    ],
  }),
  ...keepNodeProtocol,
};
