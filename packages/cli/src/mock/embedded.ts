import { createMockServer, DEMO_API_KEY } from '@shiptrack/mock-server';

/** The embedded mock service: how to reach it in memory, its demo key, and how to stop it. */
export interface EmbeddedMockService {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  apiKey: string;
  dispose(): void;
}

/**
 * Starts the mock service in this process with the demo data on a real
 * clock, reached through `fetch` in memory: no port, no network. The bin
 * builds this module as its own file and loads it only with `--mock`.
 */
export function startEmbeddedMockService(): EmbeddedMockService {
  const mock = createMockServer({ dataset: 'demo' });
  return {
    fetch: (url, init) => mock.fetch(new Request(url, init)),
    apiKey: DEMO_API_KEY,
    dispose: () => mock.dispose(),
  };
}
