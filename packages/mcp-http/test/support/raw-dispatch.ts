/**
 * The raw 2026-07-28 request path the Tasks extension's client needs
 * (`rawDispatch` of `@modelcontextprotocol/ext-tasks`): the SDK client
 * refuses `resultType: "task"` and the extension's task methods, so these
 * requests go out as plain JSON-RPC POSTs with the standard headers, to
 * the URLs given in turn (a round-robin load balancer when there are two).
 */
import type { RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';

function isRecord(value: JsonValue | undefined): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON-RPC response for `id` in a JSON or SSE body. */
function responseIn(body: string, contentType: string, id: number): Record<string, unknown> {
  const messages: unknown[] = contentType.startsWith('text/event-stream')
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(body)];
  for (const message of messages) {
    if (typeof message === 'object' && message !== null && Reflect.get(message, 'id') === id) {
      // A JSON-RPC response object, read from the wire.
      return message as Record<string, unknown>;
    }
  }
  throw new Error(`No response for request ${id} in: ${body}`);
}

/** A `rawDispatch` over HTTP, sending each request to the next of `urls` with `authorization`. */
export function httpRawDispatch(urls: readonly URL[], authorization: string): RawClientDispatch {
  let next = 0;
  let id = 1_000;
  return async (request, options) => {
    if (!isRecord(request)) throw new TypeError('rawDispatch sends JSON-RPC request objects only');
    const requestId = ++id;
    const message: Record<string, JsonValue> = { ...request, jsonrpc: '2.0', id: requestId };
    const params = message.params;
    const name = isRecord(params) ? (params.taskId ?? params.name) : undefined;
    const url = urls[next++ % urls.length] as URL;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': String(message.method),
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
        // The extension's own routing headers (Mcp-Name), one spelling each.
        ...Object.fromEntries(
          Object.entries(options?.context?.headers ?? {}).map(([key, value]) => [
            key.toLowerCase(),
            value,
          ]),
        ),
      },
      body: JSON.stringify(message),
      signal: options?.signal,
    });
    const answer = responseIn(
      await response.text(),
      response.headers.get('content-type') ?? '',
      requestId,
    );
    if ('error' in answer) {
      // The JSON-RPC error object as the server sent it.
      return { kind: 'error', error: answer.error as { code: number; message: string } };
    }
    return { kind: 'result', result: answer.result as JsonValue };
  };
}
