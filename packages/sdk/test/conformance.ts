/**
 * The schema-conformance check: a response body, mapped exactly as the
 * client maps it, parsed with the zod schema of each model it produced. Used
 * on every response the mock answers in the SDK's suite (see
 * `mock-harness.ts`) and on the tolerance corpus.
 */
import type { z } from 'zod';
import { mapPrimary } from '../src/internal/shape.js';
import { resolveDocument } from '../src/jsonapi/resolve.js';
import type { JsonApiDocument } from '../src/jsonapi/types.js';
import {
  MappedRefreshResultSchema,
  MappedResourceSchema,
  MappedSchemas,
  MappedWebhookIpsSchema,
  MappedWebhookTriggerResultSchema,
} from '../src/mapped/index.js';
import { mapRefreshResult, mapWebhookIps, mapWebhookTriggerResult } from '../src/mapped/plain.js';
import { MAPPED } from '../src/mapped/shapes.js';

/** The answers that are plain JSON, with their mapper and schema. */
const PLAIN: { match: RegExp; map: (body: unknown) => unknown; schema: z.ZodType }[] = [
  {
    match: /^PATCH .*\/containers\/[^/]+\/refresh$/,
    map: mapRefreshResult,
    schema: MappedRefreshResultSchema,
  },
  {
    match: /^POST .*\/webhooks\/trigger$/,
    map: mapWebhookTriggerResult,
    schema: MappedWebhookTriggerResultSchema,
  },
  { match: /^GET .*\/webhooks\/ips$/, map: mapWebhookIps, schema: MappedWebhookIpsSchema },
];

function schemaOf(type: string): z.ZodType {
  return type in MappedSchemas
    ? MappedSchemas[type as keyof typeof MappedSchemas]
    : MappedResourceSchema;
}

/**
 * Maps a success body as the client does and parses every mapped model with
 * its schema; returns the mismatches (empty when the output conforms) and
 * how many models were checked.
 */
export function checkMappedConformance(
  method: string,
  url: string,
  body: unknown,
): { problems: string[]; models: number } {
  const where = `${method.toUpperCase()} ${new URL(url).pathname}`;
  const plain = PLAIN.find(({ match }) => match.test(where));
  const mapped: unknown[] = [];
  if (plain) mapped.push(plain.map(body));
  else if (typeof body === 'object' && body !== null && 'data' in body) {
    const document = body as JsonApiDocument;
    const { data } = resolveDocument(document, MAPPED);
    if (Array.isArray(data)) mapped.push(...data);
    else if (data) mapped.push(mapPrimary(document));
  }
  const problems: string[] = [];
  for (const model of mapped) {
    const schema = plain ? plain.schema : schemaOf(String((model as { type?: unknown }).type));
    const result = schema.safeParse(model);
    if (!result.success) {
      problems.push(
        `${where}: the mapped output does not match its schema: ${result.error.message}`,
      );
    }
  }
  return { problems, models: mapped.length };
}
