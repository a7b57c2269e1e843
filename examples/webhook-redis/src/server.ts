/**
 * Starts one replica: `WEBHOOK_SECRET=... REDIS_URL=redis://... pnpm start`.
 * Run as many as you like behind a load balancer, all with the same Redis,
 * and register `https://<your host>/webhooks/shiptrack` as the webhook URL.
 */
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createRedisWebhookServer, WEBHOOK_PATH } from './receiver.js';

const secret = process.env.WEBHOOK_SECRET;
if (secret === undefined || secret === '') {
  console.error('Set WEBHOOK_SECRET to the secret of your webhook (POST /v2/webhooks returns it).');
  process.exit(1);
}
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
// Outages are reported by the store (once each); ioredis would log every reconnection attempt.
redis.on('error', () => {});
const server = createRedisWebhookServer({ secret, redis, record: (line) => console.log(line) });

server.listen(Number(process.env.PORT ?? 8080), () => {
  const { port } = server.address() as AddressInfo; // a TCP server's address is an AddressInfo
  console.log(`Receiving webhooks on http://localhost:${port}${WEBHOOK_PATH}`);
});
process.once('SIGTERM', () => {
  server.close();
  void redis.quit();
});
