/**
 * `@shiptrack/mock-server/embedded`: the mock with the demo data on a real
 * clock, reached through `fetch` in memory. The `--mock` of the `shiptrack`
 * and `shiptrack-mcp` bins; a subpath of its own so that their bundles can
 * build it as a file read only with that flag.
 */
import { DEMO_API_KEY } from '../engine/accounts.js';
import { Engine } from '../engine/engine.js';
import { createApp } from '../http/app.js';

/** The base URL the embedded mock answers on; requests never leave the process. */
export const EMBEDDED_BASE_URL = 'https://mock.shiptrack.invalid/v2';

/** The embedded mock service: how to reach it in memory, its demo key, and how to stop it. */
export interface EmbeddedMockService {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  apiKey: string;
  /** The demo world's current time (its clock, which may have started in the past). */
  now(): Date;
  dispose(): void;
}

/** Options of {@link startEmbeddedMockService}. */
export interface EmbeddedMockOptions {
  /** The instant the demo world starts at (its clock then runs in real time); default now. */
  startAt?: Date | undefined;
}

/**
 * Starts the mock service in this process with the demo data on a real
 * clock, reached through `fetch` in memory at {@link EMBEDDED_BASE_URL}: no
 * port, no network.
 */
export function startEmbeddedMockService(options: EmbeddedMockOptions = {}): EmbeddedMockService {
  // The engine and its app without a test double (journal, stubs): nobody here asks for them.
  const engine = new Engine({
    dataset: 'demo',
    ...(options.startAt ? { clock: { mode: 'real', startAt: options.startAt } } : {}),
  });
  const { app } = createApp(engine);
  return {
    fetch: async (url, init) => app.fetch(new Request(url, init)),
    apiKey: DEMO_API_KEY,
    now: () => engine.clock.date(),
    dispose: () => engine.dispose(),
  };
}
