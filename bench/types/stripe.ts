/**
 * The calls of `sdk.ts` on the stripe SDK (`pnpm bench types` compares the
 * two): a model with an expanded relation, a raw request, the model with its
 * response, and a list awaited as a page and iterated over every page.
 */
import Stripe from 'stripe';

const client = new Stripe('sk_test');

/** Reads a customer, a raw request, a charge with its response, and lists customers. */
export async function main(): Promise<void> {
  const customer = await client.customers.retrieve('id', { expand: ['default_source'] });
  console.log(customer.id, customer.deleted ? 'deleted' : customer.email);
  const raw = await client.rawRequest('GET', '/v1/customers/id');
  console.log(raw.lastResponse.statusCode);
  const charge = await client.charges.retrieve('id');
  console.log(charge.status, charge.lastResponse.requestId);
  const page = await client.customers.list({ limit: 25 });
  console.log(page.data.length, page.has_more);
  for await (const invoice of client.invoices.list({ limit: 50 })) {
    console.log(invoice.id, invoice.status);
  }
}
