import { createRequire } from 'node:module';

/**
 * A module loaded only when a run needs it. In the bundled bin it is a file
 * of its own next to the command (`dist/<file>`, built by an entry of
 * tsup.config.ts from `source`), so a start that does not need it never
 * reads it; from source it is `source` itself, as an ES module. It must
 * throw nothing a caller tells apart by class: its copy of a class is not
 * the command's.
 */
export async function loadOwnFile<Module>(file: string, source: URL): Promise<Module> {
  if (import.meta.url.endsWith('.cjs')) {
    // Safe: `file` is built from `source`, whose module type the caller names.
    return createRequire(import.meta.url)(`./${file}`) as Module;
  }
  return import(source.href);
}
