import { loadOwnFile } from '../own-file.js';

/** The completion scripts and values: `dist/completion.cjs` in the bin, read only by completion. */
export function loadCompletion(): Promise<typeof import('./entry.js')> {
  return loadOwnFile('completion.cjs', new URL('./entry.js', import.meta.url));
}
