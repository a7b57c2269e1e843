import { loadOwnFile } from '../own-file.js';

/** jq: `dist/jq.cjs` in the bin (WebAssembly inside), read only by a run with `--jq`. */
export function loadJqEngine(): Promise<typeof import('./engine.js')> {
  return loadOwnFile('jq.cjs', new URL('./engine.js', import.meta.url));
}
