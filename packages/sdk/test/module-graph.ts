/**
 * The imports of the modules an entry of the SDK reaches, found by reading
 * the sources (type imports included): what its users load, at run time and
 * in their type checker.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const STATEMENT =
  /(?:^|\s)((?:import|export)\s(?:[^;'"]*?\sfrom\s)?'([^']+)')|import\('([^']+)'\)/g;

/** One import of a package (not a relative path): the module that has it and the statement. */
export interface PackageImport {
  /** The package specifier, such as `zod` or `node:http`. */
  specifier: string;
  /** The importing module, relative to `src/`. */
  module: string;
  /** The statement up to its specifier (`import type { X } from 'y'`), or the `import()` call. */
  statement: string;
}

/** Every package import of the modules reachable from `entry` (a path under `src/`). */
export function packageImports(entry: string): PackageImport[] {
  const seen = new Set<string>();
  const found: PackageImport[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
      const specifier = match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) {
        visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      } else {
        found.push({ specifier, module: file.slice(SRC.length), statement: match[1] ?? match[0] });
      }
    }
  };
  visit(join(SRC, entry));
  return found;
}
