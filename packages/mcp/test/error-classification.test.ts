/**
 * One classification of a failure for MCP and the CLI: the code,
 * retryability, status and wait of a tool's error are the SDK's
 * `classifyError` of the same failure. Real answers from a real
 * `node:http` server, through a real MCP client.
 */
import { classifyError, createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CannedAnswer,
  type CannedService,
  startCannedService,
} from '../../../test-support/canned-service.js';
import { ToolError } from '../src/core/errors.js';
import { connect } from './harness.js';

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';
let service: CannedService;

/** The answer of each case, by the first path segment (each case's client has its own base URL). */
const ANSWERS: Record<string, CannedAnswer> = {
  '401': { status: 401, body: '{"errors":[{"status":"401","title":"Unauthorized"}]}' },
  '403': { status: 403, body: '{"errors":[{"status":"403","title":"Forbidden"}]}' },
  '404': { status: 404, body: '{"errors":[{"status":"404","title":"Not Found"}]}' },
  '409': { status: 409, body: '{"errors":[{"status":"409","title":"Conflict"}]}' },
  '422': {
    status: 422,
    body: '{"errors":[{"status":"422","detail":"is not valid","source":{"parameter":"include"}}]}',
  },
  '429': { status: 429, body: '{"errors":[{"status":"429"}]}', headers: { 'retry-after': '7' } },
  '431': { status: 431, body: '' },
  '503': { status: 503, body: '{"errors":[{"status":"503"}]}' },
  html: { status: 200, body: '<html><body>Sign in to the proxy</body></html>' },
};

beforeAll(async () => {
  service = await startCannedService(ANSWERS);
});
afterAll(async () => {
  await service.close();
});

function clientFor(answer: string): ShiptrackClient {
  return createClient({
    apiKey: 'k',
    baseUrl: service.baseUrl(answer),
    maxRetries: 0,
    rateLimit: false,
  });
}

/** The `_meta` error detail of a `get_container` call answered as `answer`, through MCP. */
async function toolFailure(answer: string): Promise<Record<string, unknown>> {
  const connection = await connect({ client: clientFor(answer) });
  try {
    const result = await connection.client.callTool({
      name: 'get_container',
      arguments: { id: ID },
    });
    expect(result.isError, answer).toBe(true);
    return (result._meta as Record<string, Record<string, unknown>>)['shiptrack/error'] ?? {};
  } finally {
    await connection.close();
  }
}

/** The SDK's classification of the same read, made directly. */
async function sdkFailure(answer: string): Promise<ReturnType<typeof classifyError>> {
  const error = await clientFor(answer)
    .containers.get(ID, { format: 'mapped' })
    .then(() => new Error(`${answer} did not fail`))
    .catch((failure: unknown) => failure);
  return classifyError(error);
}

describe('a tool error is classified as the SDK classifies the failure', () => {
  it.each([
    { answer: '401', code: 'unauthorized', retryable: false },
    { answer: '403', code: 'feature_not_enabled', retryable: false },
    { answer: '404', code: 'not_found', retryable: false },
    { answer: '409', code: 'conflict', retryable: false },
    { answer: '422', code: 'invalid_argument', retryable: false },
    { answer: '429', code: 'rate_limited', retryable: true },
    { answer: '431', code: 'invalid_argument', retryable: false },
    { answer: '503', code: 'service_error', retryable: true },
    { answer: 'html', code: 'upstream_error', retryable: true },
  ])('$answer: $code, retryable $retryable', async ({ answer, code, retryable }) => {
    const [detail, sdk] = await Promise.all([toolFailure(answer), sdkFailure(answer)]);
    expect(sdk).toMatchObject({ category: code, retryable });
    expect(detail).toMatchObject({ code: sdk.category, retryable: sdk.retryable });
    expect(detail.httpStatus).toBe(sdk.httpStatus ?? undefined);
    if (sdk.retryAfterMs !== null) expect(detail.retryAfterSeconds).toBe(sdk.retryAfterMs / 1000);
    // A failure the server raises itself with the same code is as retryable as the SDK says.
    expect(new ToolError(sdk.category, 'raised by the server').retryable()).toBe(sdk.retryable);
  });
});
