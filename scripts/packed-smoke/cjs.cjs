// Node, CommonJS: require() of every package.
const { createClient, isValidContainerNumber } = require('@shiptrack/sdk');
const { MappedShipmentSchema } = require('@shiptrack/sdk/mapped');
const { createNodeFetch } = require('@shiptrack/sdk/node');
const { rateLimitBuckets } = require('@shiptrack/sdk/spec');
const { createSignedDelivery } = require('@shiptrack/sdk/testing');
const { verifySignature } = require('@shiptrack/sdk/webhooks');
const {
  createMockServer,
  DEMO_API_KEY,
  StubRefusedError,
  startMockServer,
} = require('@shiptrack/mock-server');
const { RedisStoreUnavailableError } = require('@shiptrack/redis');
const { ShiptrackError } = require('@shiptrack/sdk');

(async () => {
  const service = await startMockServer({ port: 0 });
  try {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url });
    const page = await client.shipments.list();
    const nodeFetch = createNodeFetch();
    const viaNode = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url, fetch: nodeFetch });
    if ((await viaNode.shipments.list()).data.length !== page.data.length)
      throw new Error('node subpath');
    nodeFetch.destroy();
    MappedShipmentSchema.parse(page.data[0]);
    if (!isValidContainerNumber('MSCU1451670')) throw new Error('check digit');
    if (rateLimitBuckets.default.limit !== 100) throw new Error('spec subpath');
    const delivery = await createSignedDelivery('container.updated', { secret: 'whsec_x' });
    if (!(await verifySignature(delivery.body, delivery.signature, 'whsec_x'))) {
      throw new Error('testing and webhooks subpaths');
    }
    if (!(new RedisStoreUnavailableError('rate-limit', 'test') instanceof ShiptrackError)) {
      throw new Error('the Redis error is not a ShiptrackError');
    }
  } finally {
    await service.close();
  }
  // The spec check, required from the CommonJS build: a stub the spec does not describe is refused.
  const checked = createMockServer();
  const refused = await checked
    .stubs(DEMO_API_KEY)
    .add({ request: { method: 'GET', path: '/v2/containers/*' }, response: { status: 418 } })
    .catch((error) => error);
  checked.dispose();
  if (!(refused instanceof StubRefusedError))
    throw new Error(`the spec check of stubs: ${refused}`);
  console.log('node cjs ok');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
