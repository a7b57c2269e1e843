/**
 * Starts the example: `WEBHOOK_SECRET=... pnpm start`. Register
 * `https://<your host>/webhooks/shiptrack` as the webhook URL.
 */
import { createWebhookServer, WEBHOOK_PATH } from './receiver.js';

const secret = process.env.WEBHOOK_SECRET;
if (secret === undefined || secret === '') {
  console.error('Set WEBHOOK_SECRET to the secret of your webhook (POST /v2/webhooks returns it).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);

createWebhookServer({ secret, record: (line) => console.log(line) }).listen(port, () => {
  console.log(`Receiving webhooks on http://localhost:${port}${WEBHOOK_PATH}`);
});
