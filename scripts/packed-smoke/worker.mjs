// A Cloudflare Worker (run in workerd by miniflare): the SDK alone, on a request,
// against a mock whose URL and key arrive as bindings.
import { createClient, createWebhookHandler, NotFoundError } from '@shiptrack/sdk';
import { createSignedDelivery } from '@shiptrack/sdk/testing';

export default {
  async fetch(_request, env) {
    const client = createClient({
      apiKey: env.SHIPTRACK_SMOKE_KEY,
      baseUrl: env.SHIPTRACK_SMOKE_URL,
    });
    const page = await client.containers.list({ include: ['shipment'] });
    let iterated = 0;
    for await (const _container of client.containers.list({ pageSize: 2 })) iterated += 1;
    const missing = await client.containers
      .get('00000000-0000-4000-8000-000000000000')
      .catch((error) => error);

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

    const ok =
      page.data[0]?.shipment !== undefined &&
      iterated === page.data.length &&
      missing instanceof NotFoundError &&
      answer.status === 200 &&
      handled === 1;
    return Response.json(
      { ok, iterated, webhookStatus: answer.status },
      { status: ok ? 200 : 500 },
    );
  },
};
