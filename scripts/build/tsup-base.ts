/**
 * The one tsup base of the workspace's packages: each `tsup.config.ts` names
 * its entries and what is particular to it; the formats, targets, the bin
 * bundles, their launcher and the embedded mock's own file are set here.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * A library: ESM and CommonJS with declarations and source maps, its
 * dependencies left as imports. `options` adds to or overrides this.
 */
export function library(entry: Options['entry'], options: Options = {}): Options {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { customConditions: [] } },
    clean: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
    ...options,
  };
}

/**
 * An ES module command (`dist/cli.js`, dependencies left as imports) and
 * the launcher its bin requires.
 */
export function esmCommand(entry: string): Options[] {
  return [
    {
      entry: { cli: entry },
      format: ['esm'],
      target: 'node20',
      platform: 'node',
      sourcemap: true,
      // A workspace package bundled into the bin (a dev dependency, such as @shiptrack/ops) is read
      // from its sources, so only the modules the bin uses come along (its dependencies stay external).
      esbuildOptions(esbuild) {
        esbuild.conditions = ['shiptrack-source'];
      },
    },
    launcher,
  ];
}

/**
 * `dist/launch.cjs`, the launcher that every committed `bin/*.cjs` requires
 * (its source: `bin-launcher.ts`, next to this file).
 */
export const launcher: Options = {
  entry: { launch: fromHere('./bin-launcher.ts') },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  target: 'node20',
  platform: 'node',
  sourcemap: false,
};

/**
 * Makes what resolves to `specifier` a `require` of `file`, a file of its own
 * next to the bundle (built by an entry of its own): the bundle then neither
 * reads nor parses it until the first use.
 */
export function asOwnFile(specifier: RegExp, file: string): Plugin {
  const namespace = `shiptrack-own-file-${file}`;
  return {
    name: `${file}-as-own-file`,
    setup(build) {
      build.onResolve({ filter: specifier }, () => ({ path: file, namespace }));
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: `module.exports = require('./${file}');`,
        loader: 'js',
      }));
      build.onResolve({ filter: new RegExp(`^\\./${file.replaceAll('.', '\\.')}$`) }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
}

/** Keeps `@shiptrack/mock-server/embedded` (the bins' `--mock`) in `mock.cjs`. */
export const embeddedMockAsOwnFile = asOwnFile(/^@shiptrack\/mock-server\/embedded$/, 'mock.cjs');

/** The entry of `mock.cjs`: the mock's embedded service, from its source. */
export const embeddedMockEntry = {
  mock: fromHere('../../packages/mock-server/src/adapters/embedded.ts'),
};

/**
 * A bin bundle: one self-contained, minified CommonJS file (every dependency
 * inside but `external`), so that `npx -y` starts it without resolving a
 * module tree; CommonJS so that the launcher compiles it with V8's code
 * cache. Workspace packages are bundled from their sources, so the bin needs
 * no prior build of them; other dependencies resolve from `packageDir`,
 * wherever the entry lives (a benchmark's is in bench/).
 */
export function binBundle(
  packageDir: string,
  options: { external?: string[]; plugins?: Plugin[] } = {},
): Options {
  const external = options.external ?? [];
  return {
    target: 'node20',
    platform: 'node',
    noExternal: [
      external.length === 0
        ? /.*/
        : new RegExp(`^(?!(${external.map(escapeRegExp).join('|')})(/|$))`),
    ],
    external,
    minify: true,
    sourcemap: false,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    define: { 'import.meta.url': '__shiptrackModuleUrl' },
    banner: {
      js: "var __shiptrackModuleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
    esbuildOptions(esbuild) {
      esbuild.conditions = ['shiptrack-source'];
      // ASCII (esbuild's default, said here): the launcher reads a bundle as latin1.
      esbuild.charset = 'ascii';
      esbuild.nodePaths = [join(packageDir, 'node_modules')];
    },
    esbuildPlugins: options.plugins ?? [],
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
