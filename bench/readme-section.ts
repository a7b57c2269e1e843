/** Writes a benchmark's section of bench/README.md, replacing the one already there. */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const readmePath = join(dirname(fileURLToPath(import.meta.url)), 'README.md');

/**
 * Replaces the section that starts with `heading` (up to the next `## `) with
 * `section`, or appends it when there is none.
 */
export function writeReadmeSection(heading: string, section: string): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(heading);
  const next = start === -1 ? -1 : readme.indexOf('\n## ', start + 1);
  const updated =
    start === -1
      ? `${readme.trimEnd()}\n\n${section}`
      : `${readme.slice(0, start)}${section}${next === -1 ? '' : readme.slice(next)}`;
  writeFileSync(readmePath, updated);
}
