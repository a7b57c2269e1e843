// Any runtime with fetch and WebCrypto (Bun, Deno): the SDK alone, against a mock
// whose URL and key arrive as SHIPTRACK_SMOKE_URL and SHIPTRACK_SMOKE_KEY.
import { createClient, createWebhookHandler, NotFoundError } from '@shiptrack/sdk';
import { createSignedDelivery } from '@shiptrack/sdk/testing';

const env = globalThis.Deno ? globalThis.Deno.env.toObject() : globalThis.process.env;
const client = createClient({ apiKey: env.SHIPTRACK_SMOKE_KEY, baseUrl: env.SHIPTRACK_SMOKE_URL });

const page = await client.containers.list({ include: ['shipment'] });
if (!page.data[0]?.shipment) throw new Error('no container with its shipment');
let iterated = 0;
for await (const _container of client.containers.list({ pageSize: 2 })) iterated += 1;
if (iterated !== page.data.length) throw new Error(`iterated ${iterated} of ${page.data.length}`);
const raw = await client.shipments.list({ format: 'raw' });
if (raw.data[0]?.type !== 'shipment') throw new Error('raw format');
const missing = await client.containers.get('00000000-0000-4000-8000-000000000000').catch((e) => e);
if (!(missing instanceof NotFoundError)) throw new Error('typed 404');

let handled = 0;
const handler = createWebhookHandler({
  secret: 'whsec_smoke',
  on: {
    'container.updated': () => {
      handled += 1;
    },
  },
});
const delivery = await createSignedDelivery('container.updated', { secret: 'whsec_smoke' });
const answer = await handler(delivery.toRequest());
if (answer.status !== 200 || handled !== 1) throw new Error(`webhook handler: ${answer.status}`);
const forged = await handler(new Request('http://x/', { method: 'POST', body: delivery.body }));
if (forged.status !== 401) throw new Error('unsigned delivery accepted');

console.log('web runtime ok');
