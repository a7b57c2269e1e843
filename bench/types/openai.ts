/**
 * The calls of `sdk.ts` on the openai SDK (`pnpm bench types` compares the
 * two): a model, the raw `Response`, both with withResponse(), and a list
 * awaited as a page and iterated over every page.
 */
import OpenAI from 'openai';

const client = new OpenAI({ apiKey: 'sk_test' });

/** Reads a batch as a model and as a response, a file with its response, and lists batches. */
export async function main(): Promise<void> {
  const batch = await client.batches.retrieve('id');
  console.log(batch.id, batch.status, batch.request_counts?.completed);
  const raw = await client.batches.retrieve('id').asResponse();
  console.log(raw.status);
  const { data, response, request_id } = await client.files.retrieve('id').withResponse();
  console.log(data.filename, response.status, request_id);
  const page = await client.batches.list({ limit: 25 });
  console.log(page.data.length, page.hasNextPage());
  for await (const file of client.files.list({ limit: 50 })) {
    console.log(file.id, file.purpose);
  }
}
