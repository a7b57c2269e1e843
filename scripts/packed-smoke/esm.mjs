// Node, ESM: the SDK against the mock on a real port, webhooks, and the mock in process through msw.
import {
  createMockServer,
  DEMO_API_KEY,
  StubRefusedError,
  startMockServer,
} from '@shiptrack/mock-server';
import { createMswHandlers } from '@shiptrack/mock-server/msw';
import { createRedisStores } from '@shiptrack/redis';
import { createClient, verifySignature } from '@shiptrack/sdk';
import { MappedContainerSchema } from '@shiptrack/sdk/mapped';
import { createNodeFetch } from '@shiptrack/sdk/node';
import { CONTAINER_STATUS_VALUES, operations } from '@shiptrack/sdk/spec';
import { signPayload } from '@shiptrack/sdk/testing';
import { createWebhookHandler } from '@shiptrack/sdk/webhooks';
import { setupServer } from 'msw/node';

const service = await startMockServer({ port: 0 });
try {
  const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url });
  const page = await client.containers.list({ include: ['shipment'] });
  if (page.data.length === 0) throw new Error('no containers over HTTP');
  MappedContainerSchema.parse(page.data[0]);
  const { response, rateLimit } = await client.containers.get(page.data[0].id).withResponse();
  if (response.status !== 200 || rateLimit.bucket !== 'default') throw new Error('withResponse');
  const nodeFetch = createNodeFetch();
  const viaNode = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url, fetch: nodeFetch });
  if ((await viaNode.containers.get(page.data[0].id)).id !== page.data[0].id)
    throw new Error('node subpath');
  nodeFetch.destroy();
  if (!CONTAINER_STATUS_VALUES.includes('on_ship') || !operations.getPort) throw new Error('spec');
  if (typeof createWebhookHandler !== 'function') throw new Error('webhooks subpath');
  const signature = await signPayload('{"a":1}', 'whsec_x');
  if (!(await verifySignature('{"a":1}', signature, 'whsec_x'))) throw new Error('signature');
} finally {
  await service.close();
}

const mock = createMockServer();
const msw = setupServer(...createMswHandlers(mock, { baseUrl: 'https://api.example.test/v2' }));
msw.listen({ onUnhandledRequest: 'error' });
try {
  const client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: 'https://api.example.test/v2',
    format: 'raw',
  });
  const shipments = await client.shipments.list();
  if (shipments.data[0]?.type !== 'shipment') throw new Error('no shipments through msw');
} finally {
  msw.close();
  mock.dispose();
}
// The spec ships inside @shiptrack/mock-server: its check (ajv) refuses a stub the spec does not describe.
const checked = createMockServer();
const refused = await checked
  .stubs(DEMO_API_KEY)
  .add({ request: { method: 'GET', path: '/v2/containers/*' }, response: { status: 418 } })
  .catch((error) => error);
checked.dispose();
if (!(refused instanceof StubRefusedError) || refused.issues[0]?.pointer !== '/response/status') {
  throw new Error(`the spec check of stubs: ${refused}`);
}
// @shiptrack/redis with ioredis: nothing listens on port 1, so the rate-limit store fails open.
const warnings = [];
const stores = createRedisStores('redis://127.0.0.1:1', {
  rateLimit: { timeoutMs: 200, logger: { warn: (message) => warnings.push(message) } },
});
const slot = await stores.rateLimit.acquire('key', 'default', 100, 60_000);
if (slot.waitMs !== 0 || warnings.length !== 1) throw new Error('redis store did not fail open');
await stores.close();
console.log('node esm ok');
