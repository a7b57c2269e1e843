/**
 * `src/core/` is the bottom layer of the server: its files import only each
 * other and packages (the MCP SDK, `@shiptrack/sdk`, zod, ...), never a
 * module above them (`tools/`, `tasks/`, `service/`, `render/`, `server.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = resolve(dirname(fileURLToPath(import.meta.url)), '../src/core');

/** Every module specifier of a file: static imports and re-exports, dynamic imports. */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]/g,
  )) {
    if (match[1] !== undefined) found.push(match[1]);
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) {
    if (match[1] !== undefined) found.push(match[1]);
  }
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (match[1] !== undefined) found.push(match[1]);
  }
  return found;
}

/** The imports of `src/core` files that leave the folder, as `file -> specifier`. */
function importsLeavingCore(): string[] {
  return readdirSync(CORE, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => {
      const file = join(CORE, name);
      return specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => {
          if (specifier === '@shiptrack/mcp' || specifier.startsWith('@shiptrack/mcp/'))
            return true;
          if (!specifier.startsWith('.')) return false;
          return relative(CORE, resolve(dirname(file), specifier)).startsWith('..');
        })
        .map((specifier) => `${name} -> ${specifier}`);
    });
}

describe('src/core', () => {
  it('reads the imports of its files, across lines and of every form', () => {
    expect(
      specifiersOf(
        "import {\n  a,\n  b,\n} from './a.js';\nexport { c } from '../c.js';\nimport './d.js';\nconst e = await import('../e.js');",
      ),
    ).toEqual(['./a.js', '../c.js', './d.js', '../e.js']);
  });

  it('imports nothing of the server above it', () => {
    expect(importsLeavingCore()).toEqual([]);
  });
});
