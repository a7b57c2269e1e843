/**
 * Starts the example on Node: `WEBHOOK_SECRET=... pnpm start`. On Bun or Deno,
 * export `app.fetch` instead of calling `serve`.
 */
import { serve } from '@hono/node-server';
import { createWebhookApp, WEBHOOK_PATH } from './app.js';

const secret = process.env.WEBHOOK_SECRET;
if (secret === undefined || secret === '') {
  console.error('Set WEBHOOK_SECRET to the secret of your webhook (POST /v2/webhooks returns it).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const app = createWebhookApp({ secret, record: (line) => console.log(line) });

serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Receiving webhooks on http://localhost:${info.port}${WEBHOOK_PATH}`);
});
