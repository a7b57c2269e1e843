/**
 * What the input-required tests share: an SDK client whose requests go to
 * each instance in turn, raw 2026-07-28 `tools/call`s that carry a retry's
 * `inputResponses` and `requestState` as the test words them, and a way to
 * tamper with a state.
 */
import {
  Client,
  type ElicitResult,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { revisionOptions } from './host.js';
import { httpRawDispatch } from './raw-dispatch.js';

/**
 * A 2026-07-28 SDK client that declares form elicitation and answers every
 * question with `answer` (recorded in `questions`), its requests sent to
 * each URL in turn, as a round-robin load balancer would.
 */
export async function roundRobinClient(urls: readonly URL[], answer: ElicitResult) {
  const questions: unknown[] = [];
  let next = 0;
  const client = new Client(
    { name: 'shiptrack-http-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, ...revisionOptions('2026-07-28') },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    questions.push(request.params);
    return answer;
  });
  const first = urls[0] as URL;
  await client.connect(
    new StreamableHTTPClientTransport(first, {
      requestInit: { headers: { authorization: `Token ${DEMO_API_KEY}` } },
      // Each request to the next instance, whatever URL the transport names.
      fetch: (_url, init) => fetch(urls[next++ % urls.length] ?? first, init),
    }),
  );
  return { client, questions };
}

/** The per-request `_meta` of a 2026-07-28 client that declares form elicitation. */
const FRAMING: Record<string, JsonValue> = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'shiptrack-http-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

/** One raw 2026-07-28 `track_container` call to `url` as `apiKey`, with a retry's fields when given. */
export function trackCall(
  url: URL,
  args: Record<string, JsonValue>,
  retry: Record<string, JsonValue> = {},
  apiKey = DEMO_API_KEY,
) {
  return httpRawDispatch(
    [url],
    `Token ${apiKey}`,
  )({
    method: 'tools/call',
    params: { name: 'track_container', arguments: args, ...retry, _meta: FRAMING },
  });
}

/** The `requestState` of an input-required answer; throws on any other answer. */
export function stateOf(answer: Awaited<ReturnType<typeof trackCall>>): string {
  if (answer.kind !== 'result') throw new Error(`expected a result: ${JSON.stringify(answer)}`);
  const state: unknown = Reflect.get(Object(answer.result), 'requestState');
  if (typeof state !== 'string') throw new Error(`no requestState in ${JSON.stringify(answer)}`);
  return state;
}

/** Flips one character of the state's signature. */
export function tampered(state: string): string {
  const last = state.at(-2) === 'A' ? 'B' : 'A';
  return `${state.slice(0, -2)}${last}${state.slice(-1)}`;
}

/** How a call with a bad `requestState` is refused. */
export const REFUSED = { kind: 'error', error: { code: -32602, message: /requestState/ } };
