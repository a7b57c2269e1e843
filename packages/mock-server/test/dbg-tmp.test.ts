import { it } from 'vitest';
import { httpHarness, inProcessHarness } from './harness.js';

it('dbg', async () => {
  const a = await httpHarness();
  const steps: Array<[string, string, Record<string, string>?]> = [
    ['GET', '/v2/shipments'],
    ['HEAD', '/v2/shipping_lines'],
    ['GET', '/_mock/clock'],
    ['PUT', '/v2/shipments'],
    ['GET', '/elsewhere'],
  ];
  for (const [m, p] of steps) {
    const r = await fetch(new URL(a.baseUrl).origin + p, {
      method: m,
      headers: { authorization: 'Token st_demo_acme_5f2c8e1a9b7d4c36' },
    });
    await r.text();
    const h = inProcessHarness();
    const x = await h.mock.fetch(
      new Request('http://mock.test/v2/shipments', {
        headers: { authorization: 'Token st_demo_acme_5f2c8e1a9b7d4c36' },
      }),
    );
    console.log(m, p, r.headers.get('x-request-id'), 'inproc', x.headers.get('x-request-id'));
    await h.close();
  }
  await a.close();
});
