/**
 * DNS rebinding of a webhook URL: a name that pointed elsewhere when the
 * webhook was created, and at the mock when a delivery falls due. The
 * guard is the Node adapter's own, with a scripted resolver standing in for
 * an attacker's DNS server (names are never asked of the network in tests).
 */
import { describe, expect, it } from 'vitest';
import { OwnAddressGuard } from '../src/adapters/own-address.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { createMockServer } from '../src/index.js';
import { trackingRequestBody } from './harness.js';
import { START } from './webhooks-harness.js';

const MOCK_PORT = 4010;
const URL_ON_MOCK_PORT = `https://hooks.rebind.test:${MOCK_PORT}/shiptrack`;

describe('a webhook whose name is rebound to the mock', () => {
  it('is accepted while the name points elsewhere, then its delivery is refused unsent', async () => {
    const warnings: string[] = [];
    const mock = createMockServer({
      clock: { mode: 'manual', startAt: START },
      logger: { info: () => {}, warn: (line) => warnings.push(line), error: () => {} },
      // Nothing may be sent: a delivery that got past the guard would show up here.
      fetch: async () => {
        throw new Error('a refused delivery was sent');
      },
    });
    const answers = [['192.0.2.10'], ['127.0.0.1'], ['127.0.0.1'], ['127.0.0.1']];
    mock.engine.webhooks.receiverGuards.add(
      new OwnAddressGuard({
        address: '127.0.0.1',
        port: MOCK_PORT,
        resolve: async () => answers.shift() ?? ['127.0.0.1'],
      }),
    );
    const send = (method: string, path: string, body: unknown) =>
      mock.fetch(
        new Request(`http://mock.test/v2${path}`, {
          method,
          headers: {
            authorization: `Token ${DEMO_API_KEY}`,
            'content-type': 'application/vnd.api+json',
          },
          body: JSON.stringify(body),
        }),
      );
    try {
      const created = await send('POST', '/webhooks', {
        data: {
          type: 'webhook',
          attributes: {
            url: URL_ON_MOCK_PORT,
            active: true,
            events: ['tracking_request.succeeded'],
          },
        },
      });
      expect(created.status).toBe(201);
      expect(
        (await send('POST', '/tracking_requests', trackingRequestBody('CSQU3054383', 'CMDU')))
          .status,
      ).toBe(201);
      await mock.advance(120);

      const list = await mock.fetch(
        new Request('http://mock.test/v2/webhook_notifications', {
          headers: { authorization: `Token ${DEMO_API_KEY}` },
        }),
      );
      const statuses = (
        (await list.json()).data as { attributes: { delivery_status: string } }[]
      ).map((n) => n.attributes.delivery_status);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 'failed')).toBe(true);
      expect(warnings.join('\n')).toContain(
        'Not sent: the URL points at the mock server itself (hooks.rebind.test resolves to 127.0.0.1',
      );
    } finally {
      mock.dispose();
    }
  });
});
