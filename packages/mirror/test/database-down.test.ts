import { PGlite } from '@electric-sql/pglite';
import { createClient } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { hasPostgresServer, startPostgresServer } from '../../../test-support/postgres-server.js';
import { createMirror, type DeliveryReport } from '../src/index.js';
import { journeyDeliveries, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-down';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const [delivery] = journeyDeliveries('down', [
  { container: { number: 'MSCU1234566', current_status: 'on_ship' }, shipment: {} },
]);

describe('a database that is down', () => {
  it.skipIf(!hasPostgresServer)(
    'makes the receiver answer 503 with Retry-After, then store the retry once PostgreSQL is back',
    async () => {
      if (delivery === undefined) throw new Error('no delivery');
      const server = await startPostgresServer();
      try {
        const mirror = await createMirror({ client, database: await server.createDatabase() });
        const reports: DeliveryReport[] = [];
        const handler = mirror.webhookHandler({
          secret: SECRET,
          retryAfterSeconds: 12,
          onDelivery: (r) => reports.push(r),
        });
        await server.kill();
        const refused = await handler(await signedRequest(delivery, SECRET));
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('12');
        expect(reports[0]).toMatchObject({ outcome: 'unavailable', notificationId: 'down-n0' });
        expect(reports[0]?.error).not.toContain(SECRET);

        await server.restart();
        const stored = await handler(await signedRequest(delivery, SECRET));
        expect(stored.status, JSON.stringify(reports.at(-1))).toBe(200);
        expect((await mirror.get('container', 'down-container'))?.attributes.current_status).toBe(
          'on_ship',
        );
        await mirror.close();
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it('makes the receiver answer 503 when its PGlite was closed', async () => {
    if (delivery === undefined) throw new Error('no delivery');
    const pglite = new PGlite();
    const mirror = await createMirror({ client, database: { pglite } });
    await pglite.close();
    const response = await mirror.webhookHandler({ secret: SECRET })(
      await signedRequest(delivery, SECRET),
    );
    expect(response.status).toBe(503);
    await mirror.close();
  }, 60_000);
});
