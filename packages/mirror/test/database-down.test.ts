import { PGlite } from '@electric-sql/pglite';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPostgresServer,
  type PostgresServer,
  startPostgresServer,
} from '../../../test-support/postgres-server.js';
import { createMirror, type DeliveryReport, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS } from './support/databases.js';
import { journeyDeliveries, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-down';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const [delivery] = journeyDeliveries('down', [
  { container: { number: 'MSCU1234566', current_status: 'on_ship' }, shipment: {} },
]);

describe('a database that is down', () => {
  // A PostgreSQL server of this file's own, which the test kills and restarts.
  let server: PostgresServer | undefined;
  let mirror: Mirror | undefined;
  beforeAll(async () => {
    if (!hasPostgresServer) return;
    server = await startPostgresServer();
    mirror = await createMirror({ client, database: await server.createDatabase() });
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await mirror?.close();
    await server?.stop();
  }, DATABASE_HOOK_MS);

  it.skipIf(!hasPostgresServer)(
    'makes the receiver answer 503 with Retry-After, then store the retry once PostgreSQL is back',
    async () => {
      if (delivery === undefined || server === undefined || mirror === undefined) {
        throw new Error('no delivery, server or mirror');
      }
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
    },
  );

  // A PGlite of its own, which the test closes; started in the hook (WebAssembly, initdb).
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  }, DATABASE_HOOK_MS);

  it('makes the receiver answer 503 when its PGlite was closed', async () => {
    if (delivery === undefined) throw new Error('no delivery');
    const mirror = await createMirror({ client, database: { pglite } });
    await pglite.close();
    const response = await mirror.webhookHandler({ secret: SECRET })(
      await signedRequest(delivery, SECRET),
    );
    expect(response.status).toBe(503);
    await mirror.close();
  });
});
