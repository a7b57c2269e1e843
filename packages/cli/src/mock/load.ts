import { createRequire } from 'node:module';
import type { EmbeddedMockOptions, EmbeddedMockService } from './embedded.js';

/** The base URL the embedded mock answers on; requests never leave the process. */
export const EMBEDDED_BASE_URL = 'https://mock.shiptrack.invalid/v2';

/**
 * Starts the embedded mock, loading it only now: in the bundled bin it is
 * its own file (`dist/mock.cjs`) next to the command, so a normal start
 * never reads it; from source it is the ESM module.
 */
export async function loadEmbeddedMock(
  options: EmbeddedMockOptions = {},
): Promise<EmbeddedMockService> {
  if (import.meta.url.endsWith('.cjs')) {
    // Safe: mock.cjs is built from src/mock/embedded.ts, whose type this names.
    const module = createRequire(import.meta.url)('./mock.cjs') as typeof import('./embedded.js');
    return module.startEmbeddedMockService(options);
  }
  // Safe: the same module, from source.
  const module = (await import(
    new URL('./embedded.js', import.meta.url).href
  )) as typeof import('./embedded.js');
  return module.startEmbeddedMockService(options);
}
