/**
 * A small application of `@shiptrack/sdk`, type-checked by `pnpm bench types`:
 * a call in each format (mapped, raw, both), withResponse(), and a list
 * awaited as a page and iterated over every page. `openai.ts` and
 * `stripe.ts` make the same kinds of calls on those SDKs.
 */
import { createClient } from '@shiptrack/sdk';

const client = createClient({ apiKey: 'sk_test' });
const rawClient = createClient({ apiKey: 'sk_test', format: 'raw' });

/** Reads a container in each format, a tracking request with its response, and lists containers. */
export async function main(): Promise<void> {
  const container = await client.containers.get('id', { include: ['shipment'] });
  console.log(container.number, container.status, container.shipment?.billOfLading);
  const document = await rawClient.containers.get('id');
  console.log(document.data.attributes.number);
  const both = await client.shipments.get('id', { format: 'both' });
  console.log(both.raw.data.id, both.mapped.billOfLading);
  const { data, response, requestId } = await client.trackingRequests.get('id').withResponse();
  console.log(data.status, response.status, requestId);
  const page = await client.containers.list({ pageSize: 25, filter: { status: 'available' } });
  console.log(page.data.length, page.hasNextPage());
  for await (const shipment of client.shipments.list({ maxItems: 50 })) {
    console.log(shipment.id, shipment.billOfLading);
  }
}
