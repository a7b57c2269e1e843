import { loadOwnFile } from '../own-file.js';

/** string-width and log-update: `dist/terminal.cjs` in the bin, read only by a run that draws for a person. */
export function loadTerminalEngines(): Promise<typeof import('./engines.js')> {
  return loadOwnFile('terminal.cjs', new URL('./engines.js', import.meta.url));
}
