import { loadOwnFile } from '../own-file.js';

/** The completion script writers: `dist/completion.cjs` in the bin, read only by `shiptrack completion`. */
export function loadCompletionScripts(): Promise<typeof import('./scripts.js')> {
  return loadOwnFile('completion.cjs', new URL('./scripts.js', import.meta.url));
}
