/**
 * "Did you mean": the known name closest to a mistyped one, so every bin
 * answers a typo (`--prot`, `serv`) with the name it was after.
 */

/** Edits (insert, delete, replace, swap two neighbours) between `a` and `b`. */
function distance(a: string, b: string): number {
  const width = b.length + 1;
  // One row per prefix of `a`, laid out flat: cell (i, j) is the distance of a[0, i) to b[0, j).
  const cells = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => cells[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i += 1) cells[i * width] = i;
  for (let j = 0; j <= b.length; j += 1) cells[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      cells[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The names of `known` closest to `given` (at most a third of its length
 * away, and at least one edit allowed), nearest first; `[]` when none is
 * close.
 */
export function closestNames(given: string, known: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(given.length / 3));
  const scored = known
    .map((name) => ({ name, edits: distance(given, name) }))
    .filter(({ edits }) => edits <= limit);
  const best = Math.min(...scored.map(({ edits }) => edits));
  return scored.filter(({ edits }) => edits === best).map(({ name }) => name);
}

/** ` Did you mean x?` (or `x or y`) for `given` among `known`, or `''`. */
export function didYouMean(given: string, known: readonly string[]): string {
  const close = closestNames(given, known);
  return close.length === 0 ? '' : ` Did you mean ${close.join(' or ')}?`;
}

/**
 * The message of a `node:util` `parseArgs` error, with a suggestion when it
 * names an unknown option close to one of `flags` (names without dashes).
 */
export function parseArgsMessage(error: unknown, flags: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  const unknown = /^Unknown option '(--?[^']+)'/.exec(message)?.[1];
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || unknown === undefined) return message;
  const dashed = flags.map((flag) => (flag.length === 1 ? `-${flag}` : `--${flag}`));
  const hint = didYouMean(unknown.split('=')[0] ?? unknown, dashed);
  return `Unknown option ${unknown}.${hint || ' See --help for the options.'}`;
}
