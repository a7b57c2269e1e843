/** Writes a benchmark's section of bench/README.md, replacing the one already there. */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const readmePath = join(dirname(fileURLToPath(import.meta.url)), 'README.md');

/**
 * Replaces the section that starts with `heading` (up to the next `## `) with
 * `section`; when there is none, appends it, or with `first` puts it before
 * the first section.
 */
export function writeReadmeSection(heading: string, section: string, first = false): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(heading);
  const next = start === -1 ? -1 : readme.indexOf('\n## ', start + 1);
  const firstSection = readme.indexOf('\n## ');
  let updated: string;
  if (start !== -1) {
    updated = `${readme.slice(0, start)}${section}${next === -1 ? '' : readme.slice(next)}`;
  } else if (first && firstSection !== -1) {
    updated = `${readme.slice(0, firstSection + 1)}${section}\n${readme.slice(firstSection + 1)}`;
  } else {
    updated = `${readme.trimEnd()}\n\n${section}`;
  }
  writeFileSync(readmePath, updated);
}
