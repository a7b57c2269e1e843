import { createMockServer, DEMO_API_KEY } from '@shiptrack/mock-server';

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
 * clock, reached through `fetch` in memory: no port, no network. The bin
 * builds this module as its own file and loads it only with `--mock`.
 */
export function startEmbeddedMockService(options: EmbeddedMockOptions = {}): EmbeddedMockService {
  const mock = createMockServer({
    dataset: 'demo',
    ...(options.startAt ? { clock: { mode: 'real', startAt: options.startAt } } : {}),
  });
  return {
    fetch: (url, init) => mock.fetch(new Request(url, init)),
    apiKey: DEMO_API_KEY,
    now: () => mock.clock.date(),
    dispose: () => mock.dispose(),
  };
}
