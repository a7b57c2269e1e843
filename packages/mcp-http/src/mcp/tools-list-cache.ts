/**
 * The `tools/list` answers of the fast path: the first request of each
 * protocol era and declared client capabilities is answered by the full
 * server, and its result is kept (serialized once) for every later one,
 * which then costs no server, no JSON Schema and no serialization of the
 * list. The answer depends on nothing else: the tools are the same for
 * every account and caller.
 */
import { isRecord } from './json-record.js';

/** A kept `tools/list` result, as the full server answered it. */
export interface KeptList {
  readonly result: Record<string, unknown>;
  /** `result` serialized. */
  readonly json: string;
}

/** How many (era, capabilities) answers are kept; others are answered by the full server. */
const DEFAULT_MAX_KEPT = 32;

/** The JSON-RPC messages of an answer body: the JSON itself, or the data of each SSE event. */
function messagesOf(text: string, contentType: string): unknown[] {
  try {
    if (contentType.startsWith('application/json')) return [JSON.parse(text)];
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.length > 'data: '.length)
      .map((line) => JSON.parse(line.slice('data: '.length)));
  } catch {
    // Not an answer this cache can read: it is passed on, and not kept.
    return [];
  }
}

/** Kept `tools/list` results by era and capabilities. */
export class ToolsListCache {
  readonly #kept = new Map<string, KeptList>();
  readonly #max: number;

  constructor(max = DEFAULT_MAX_KEPT) {
    this.#max = max;
  }

  /** The result kept for `key`, if any. */
  get(key: string): KeptList | undefined {
    return this.#kept.get(key);
  }

  /**
   * Keeps the result of the full server's answer `response` to the
   * `tools/list` request `id`, when it is one, and returns the same answer
   * (its body was read to find the result).
   */
  async keep(key: string, id: string | number, response: Response): Promise<Response> {
    if (this.#kept.size >= this.#max || response.status !== 200 || response.body === null) {
      return response;
    }
    const text = await response.text();
    const answer = messagesOf(text, response.headers.get('content-type') ?? '').find(
      (message) => isRecord(message) && message.id === id,
    );
    if (isRecord(answer) && isRecord(answer.result) && Array.isArray(answer.result.tools)) {
      this.#kept.set(key, { result: answer.result, json: JSON.stringify(answer.result) });
    }
    return new Response(text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
}
