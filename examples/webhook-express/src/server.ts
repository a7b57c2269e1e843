/**
 * Starts the example: `WEBHOOK_SECRET=... pnpm start`. Register
 * `https://<your host>/webhooks/shiptrack` as the webhook URL (or, with the
 * mock server, `http://127.0.0.1:<PORT>/webhooks/shiptrack`).
 */
import { createWebhookApp, WEBHOOK_PATH } from './app.js';

const secret = process.env.WEBHOOK_SECRET;
if (secret === undefined || secret === '') {
  console.error('Set WEBHOOK_SECRET to the secret of your webhook (POST /v2/webhooks returns it).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);

createWebhookApp({ secret, record: (line) => console.log(line) }).listen(port, () => {
  console.log(`Receiving webhooks on http://localhost:${port}${WEBHOOK_PATH}`);
});
