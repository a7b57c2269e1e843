/**
 * The fast path answers as the full server does: the same requests, as
 * real clients of both eras send them, go to a host with the fast path and
 * to one without (`fastPath: false`) over the same mock, and their answers
 * must be equal (status, headers, every message; SSE event ids differ only
 * in their stream). One difference is by design: a 2025-11-25 call whose
 * whole answer is its result is one JSON body on the fast path, where the
 * full server (which cannot know beforehand that nothing will stream)
 * sends the same message on an SSE stream after its priming event.
 */
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { type Host, MOCK_START, type ProtocolRevision, startHost } from './support/host.js';
import { type Recorded, recordRequests } from './support/recorded.js';

/** One answer, with what may differ between two hosts taken out. */
interface Answer {
  status: number;
  headers: Record<string, string | null>;
  /** The JSON body, or the SSE frames with each event id reduced to its sequence number. */
  messages: unknown[];
  served: string | undefined;
}

function framesOf(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) =>
      Object.fromEntries(
        frame.split('\n').map((line) => {
          const [name = '', ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (name === 'id') return [name, value.replace(/^[A-Za-z0-9-]+_/, '')];
          if (name === 'data' && value !== '') return [name, JSON.parse(value)];
          return [name, value];
        }),
      ),
    );
}

let requestCount = 0;

async function send(
  host: Host,
  recorded: Recorded,
  body: Record<string, unknown>,
): Promise<Answer> {
  const requestId = `fast-path-${++requestCount}`;
  const headers = { ...recorded.headers, 'x-request-id': requestId };
  const params = body.params;
  const name =
    typeof params === 'object' && params !== null ? Reflect.get(params, 'name') : undefined;
  if ('mcp-name' in headers && typeof name === 'string') headers['mcp-name'] = name;
  const response = await fetch(host.url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const entry = await eventually(() => {
    const found = host.logs.find((logged) => logged.requestId === requestId);
    if (!found) throw new Error(`no log entry for ${requestId} yet`);
    return found;
  });
  return {
    status: response.status,
    headers: Object.fromEntries(
      ['content-type', 'cache-control', 'x-accel-buffering'].map((name) => [
        name,
        response.headers.get(name),
      ]),
    ),
    messages: type.startsWith('text/event-stream') ? framesOf(text) : [JSON.parse(text)],
    served: entry.served,
  };
}

describe('the fast path', () => {
  let fast: Host;
  let full: Host;
  let containerId: string;
  const recorded = new Map<ProtocolRevision, Map<string, Recorded>>();

  beforeAll(async () => {
    const mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    fast = await startHost({}, mock);
    full = await startHost({ fastPath: false }, mock);
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
    containerId = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      recorded.set(revision, await recordRequests(full.url, revision));
    }
  });
  afterAll(async () => {
    await full?.close();
    await fast?.close();
    await fast?.mock.close();
  });

  for (const revision of ['2025-11-25', '2026-07-28'] as const) {
    const call = (id: number, name: string, args: unknown) => {
      const template = recorded.get(revision)?.get('tools/call') as Recorded;
      const params = template.body.params as Record<string, unknown>;
      return {
        template,
        body: { ...template.body, id, params: { ...params, name, arguments: args } },
      };
    };
    /** What, which tool with which arguments, answered directly, and answered as one JSON body. */
    const cases: [string, string, () => unknown, boolean, boolean][] = [
      ['a container', 'get_container', () => ({ id: containerId }), true, true],
      [
        'an unknown container (a tool error)',
        'get_container',
        () => ({ id: 'no-such' }),
        true,
        false,
      ],
      ['an unknown parameter', 'get_container', () => ({ idx: containerId }), true, false],
      ['a parameter of the wrong type', 'get_container', () => ({ id: 5 }), true, false],
      ['a list', 'list_containers', () => ({ page_size: 2 }), true, true],
      ['the shipping lines', 'get_supported_shipping_lines', () => ({}), true, true],
      ['an unknown tool (the full server answers)', 'no_such_tool', () => ({}), false, false],
    ];
    for (const [what, name, args, direct, json] of cases) {
      it(`answers ${what} on ${revision} as the full server does`, async () => {
        const { template, body } = call(7, name, args());
        const expected = await send(full, template, body);
        const answer = await send(fast, template, body);
        expect(answer.served).toBe(direct ? 'direct' : undefined);
        expect(expected.served).toBeUndefined();
        if (revision === '2025-11-25' && json) {
          // The full server's stream: the priming event, then the answer alone.
          const [priming, ...events] = expected.messages as { data: unknown }[];
          expect(priming?.data).toBe('');
          expect(events.map((event) => event.data)).toStrictEqual(answer.messages);
          expect(answer.headers).toStrictEqual({
            'content-type': 'application/json',
            'cache-control': null,
            'x-accel-buffering': null,
          });
          expect(answer.status).toBe(expected.status);
          return;
        }
        expect({ ...answer, served: undefined }).toStrictEqual({ ...expected, served: undefined });
      });
    }

    it(`answers tools/list on ${revision} as the full server does, from the first answer on`, async () => {
      const template = recorded.get(revision)?.get('tools/list') as Recorded;
      const expected = await send(full, template, { ...template.body, id: 'list-1' });
      const first = await send(fast, template, { ...template.body, id: 'list-1' });
      const second = await send(fast, template, { ...template.body, id: 'list-1' });
      expect(first.served).toBeUndefined();
      expect(second.served).toBe('direct');
      for (const answer of [first, second]) {
        expect({ ...answer, served: undefined }).toStrictEqual({ ...expected, served: undefined });
      }
    });
  }
});
