import { createRequire } from 'node:module';

/**
 * The completion script writers, loaded only now: in the bundled bin they
 * are their own file (`dist/completion.cjs`) next to the command, so a
 * normal start never reads them; from source they are the ESM module.
 */
export async function loadCompletionScripts(): Promise<typeof import('./scripts.js')> {
  if (import.meta.url.endsWith('.cjs')) {
    // Safe: completion.cjs is built from src/completion/scripts.ts, whose type this names.
    return createRequire(import.meta.url)('./completion.cjs') as typeof import('./scripts.js');
  }
  return import(new URL('./scripts.js', import.meta.url).href);
}
