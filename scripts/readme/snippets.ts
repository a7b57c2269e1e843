/**
 * The runnable code blocks of a README: every ` ```ts ` block, in order, with
 * the README line its code starts on. Blocks fenced as ` ```ts fragment `
 * are excerpts that need an application around them and are left out.
 * Read by `scripts/typecheck.ts` (one program for the project and every
 * README) and by the README tests that run the blocks.
 */
import { readFileSync } from 'node:fs';

/** One runnable block of a README. */
export interface ReadmeSnippet {
  code: string;
  /** The README line (1-based) of the block's first line of code. */
  line: number;
}

/** The runnable ` ```ts ` blocks of the README at `readmePath`, in order. */
export function readmeSnippets(readmePath: string): ReadmeSnippet[] {
  const readme = readFileSync(readmePath, 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => ({
    code: match[1] ?? '',
    line: readme.slice(0, match.index).split('\n').length + 1,
  }));
}
