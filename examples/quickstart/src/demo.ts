/**
 * `pnpm demo` at the repository root: starts the mock service with its demo
 * data on a free local port, runs the quick start against it over real
 * HTTP, and stops the mock. Nothing else needs to be running.
 */
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { runQuickstart } from './quickstart.js';

const service = await startMockServer({ port: 0 });
try {
  console.log(`Mock service with demo data on ${service.url}\n`);
  const client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: service.url,
    logger: console,
    logLevel: 'warn',
  });
  await runQuickstart(client, (line) => console.log(line));
} finally {
  await service.close();
}
