/**
 * Test harness of the webhook HTTP tests: a mock server on a real port with a
 * manual clock, and a `call` that sends a request with plain `fetch` and
 * validates every `/v2` response against the spec before returning it.
 */
import { createContractValidator } from '../../../test-support/contract.js';
import {
  DEMO_API_KEY,
  type RunningMockServer,
  type StartMockServerOptions,
  startMockServer,
} from '../src/index.js';

/** A JSON:API resource as the tests read it. */
export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string } | null }>;
  links?: { self: string };
}

/** A JSON:API error object. */
export interface ErrorObject {
  status: string;
  title: string;
  detail?: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
}

/** The members of a response body the tests look at. */
export interface Body {
  data?: Resource | Resource[];
  included?: Resource[];
  errors?: ErrorObject[];
  links?: Record<string, string | null>;
  meta?: { size: number; total: number };
  [member: string]: unknown;
}

/** A response, its body parsed. */
export interface CallResult {
  status: number;
  headers: Headers;
  body: Body;
}

/** Options of one call. */
export interface CallOptions {
  key?: string;
  body?: unknown;
  contentType?: string;
}

export const contract = createContractValidator();

/** Where the manual clock starts in every test. */
export const START = '2025-03-01T00:00:00.000Z';

/** Keeps expected delivery failures out of the test output; unexpected errors still show. */
const quietLogger = {
  info: () => {},
  warn: () => {},
  error: (message: string, error?: unknown) => console.error(message, error ?? ''),
};

/** A mock server with a manual clock and no demo data. */
export async function startTestServer(
  options: StartMockServerOptions = {},
): Promise<RunningMockServer> {
  return startMockServer({
    clock: { mode: 'manual', startAt: START },
    dataset: 'empty',
    logger: quietLogger,
    ...options,
  });
}

/**
 * Sends a request to the mock (`path` relative to `/v2`, or absolute under
 * `/_mock`) and validates a `/v2` response against the spec.
 */
export async function call(
  server: RunningMockServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const url = path.startsWith('/_mock') ? `${server.origin}${path}` : `${server.url}${path}`;
  const headers: Record<string, string> = { Authorization: `Token ${options.key ?? DEMO_API_KEY}` };
  if (options.body !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/vnd.api+json';
  }
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!path.startsWith('/_mock')) {
    contract.assertResponse({
      method,
      url: `/v2${path}`,
      status: response.status,
      body: parsed,
      contentType: response.headers.get('content-type') ?? undefined,
    });
  }
  // The body was just validated against the spec (or is a control API answer), so it has these members.
  return { status: response.status, headers: response.headers, body: (parsed ?? {}) as Body };
}

/** Advances the manual clock through the control API; resolves once deliveries settled. */
export async function advance(server: RunningMockServer, seconds: number): Promise<void> {
  const result = await call(server, 'POST', '/_mock/clock/advance', {
    body: { seconds },
    contentType: 'application/json',
  });
  if (result.status !== 200) throw new Error(`clock advance failed with ${result.status}`);
}

/** The single resource of a document. */
export function one(result: CallResult): Resource {
  const { data } = result.body;
  if (data === undefined || Array.isArray(data))
    throw new Error(`expected one resource, got ${JSON.stringify(result.body)}`);
  return data;
}

/** The resources of a list document. */
export function many(result: CallResult): Resource[] {
  const { data } = result.body;
  if (!Array.isArray(data)) throw new Error(`expected a list, got ${JSON.stringify(result.body)}`);
  return data;
}

/** The pointers (or parameters) of an error document, for compact assertions. */
export function errorSources(result: CallResult): string[] {
  return (result.body.errors ?? []).map(
    (error) => error.source?.pointer ?? error.source?.parameter ?? '(none)',
  );
}

/** A `POST /webhooks` body. */
export function webhookBody(attributes: Record<string, unknown>): unknown {
  return { data: { type: 'webhook', attributes: { active: true, ...attributes } } };
}
