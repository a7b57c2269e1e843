/**
 * The server with a mirror on a real PostgreSQL server (Debian's, started in
 * a temp directory on a free port), fed from the mock by `sync()`: the lists
 * and the search answer from it with no REST call. Skipped, with the advice,
 * where PostgreSQL is not installed.
 */
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPostgresServer,
  POSTGRES_SERVER_MISSING,
  type PostgresServer,
  startPostgresServer,
} from '../../../test-support/postgres-server.js';
import { type Connection, connect, startMockService } from './harness.js';

describe.skipIf(!hasPostgresServer)(
  hasPostgresServer ? 'a mirror on PostgreSQL' : POSTGRES_SERVER_MISSING,
  () => {
    const service = startMockService();
    let requests = 0;
    const client = service.client({
      fetch: (url, init) => {
        requests += 1;
        return service.mock.fetch(new Request(url, init));
      },
    });
    let postgres: PostgresServer | undefined;
    let mirror: Mirror | undefined;
    let connection: Connection | undefined;

    beforeAll(async () => {
      postgres = await startPostgresServer();
      mirror = await createMirror({
        client: service.client(),
        database: await postgres.createDatabase(),
      });
      await mirror.sync({ sleep: async () => {} });
      connection = await connect({ client, mirror });
    }, 120_000);

    afterAll(async () => {
      await connection?.close();
      await mirror?.close();
      await postgres?.stop();
      service.mock.dispose();
    });

    it('answers list_shipments with a real filter and search_container, no REST call', async () => {
      if (!connection || !mirror) throw new Error(POSTGRES_SERVER_MISSING);
      const shipments = await mirror.list('shipment');
      const scac = String(shipments[0]?.attributes.shipping_line_scac);
      const expected = shipments.filter((s) => s.attributes.shipping_line_scac === scac).length;
      const listed = await connection.client.callTool({
        name: 'list_shipments',
        arguments: { carrier: scac },
      });
      const structured = listed.structuredContent as {
        shipments: { scac: string }[];
        paging: { total: number; asOf?: string };
      };
      expect(structured.paging.total).toBe(expected);
      expect(structured.shipments.every((row) => row.scac === scac)).toBe(true);
      expect(structured.paging.asOf).toBe((await mirror.freshness()).asOf);

      const [container] = await mirror.list('container');
      const found = await connection.client.callTool({
        name: 'search_container',
        arguments: { query: String(container?.attributes.number) },
      });
      expect((found.structuredContent as { containers: { id: string }[] }).containers[0]?.id).toBe(
        container?.id,
      );
      expect(requests).toBe(0);
    });
  },
);
