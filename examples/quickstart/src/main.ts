/**
 * `pnpm start` in this folder: runs the quick start against the service
 * named by SVC_API_BASE_URL with the key in SVC_API_TOKEN. Against the local
 * mock (`pnpm start` at the repository root):
 *
 *   SVC_API_BASE_URL=http://localhost:4010/v2 SVC_API_TOKEN=<demo key> pnpm start
 */
import { ConfigurationError, createClient } from '@shiptrack/sdk';
import { runQuickstart } from './quickstart.js';

try {
  const client = createClient({ logger: console, logLevel: 'warn' });
  await runQuickstart(client, (line) => console.log(line));
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(
      `${error.message}\nThe mock server prints a demo key when it starts (pnpm start).`,
    );
    process.exitCode = 1;
  } else {
    throw error;
  }
}
