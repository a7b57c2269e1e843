/**
 * The 2026-07-28 JSON answer of a request served by the fast path, encoded
 * as the MCP SDK encodes a result on that revision (its `resultType`
 * stamp, then the server's identity in `_meta`), serialized once.
 */
import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import { SERVER_INFO } from '@shiptrack/mcp';
import { PreparedAnswer } from '../http/prepared-answer.js';
import { isRecord } from './json-record.js';

/**
 * `result` as the SDK sends it on 2026-07-28: `resultType: "complete"`
 * unless the handler gave one, and `serverInfo` added to a `_meta` that
 * does not name it (a `_meta` that is not an object is left as it is).
 */
export function modernResult(result: object): Record<string, unknown> {
  // One shallow copy of the top level (the content is not copied), as the SDK's own stamps make.
  const typed: Record<string, unknown> = { ...result };
  if (typed.resultType === undefined) typed.resultType = 'complete';
  const meta = typed._meta;
  if (meta === undefined) typed._meta = { [SERVER_INFO_META_KEY]: SERVER_INFO };
  else if (isRecord(meta) && meta[SERVER_INFO_META_KEY] === undefined) {
    typed._meta = { ...meta, [SERVER_INFO_META_KEY]: SERVER_INFO };
  }
  return typed;
}

/**
 * The members {@link modernResult} appends to a result that has neither
 * `resultType` nor `_meta`, as JSON: the same on every answer, so written once.
 */
let stampsJson: string | undefined;

/** `,"resultType":"complete","_meta":{...}`: the stamps of a result without either, serialized once. */
function stamps(): string {
  stampsJson ??= JSON.stringify({
    resultType: 'complete',
    _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO },
  }).slice(1, -1);
  return stampsJson;
}

/**
 * `result` with its 2026-07-28 stamps, as JSON. A result without
 * `resultType` and `_meta` (every tool's answer) is serialized as it is and
 * the stamps written after its last member: the text {@link modernResult}
 * would give, without the copy or serializing the server's identity again.
 * Anything else (an array, a `toJSON`) is stamped by {@link modernResult}.
 */
function modernResultJson(result: object): string {
  const plain = !Array.isArray(result) && !('toJSON' in result);
  if (!plain || Object.hasOwn(result, 'resultType') || Object.hasOwn(result, '_meta')) {
    return JSON.stringify(modernResult(result));
  }
  const own = JSON.stringify(result);
  // `{}` has no member to follow; any other object's text ends with its last member and `}`.
  return own === '{}' ? `{${stamps()}}` : `${own.slice(0, -1)},${stamps()}}`;
}

/** The JSON-RPC answer to `id` carrying `result`, as the SDK orders its members. */
export function modernAnswerText(id: string | number, result: object): string {
  return modernAnswerAround(id, modernResultJson(result));
}

/** The same around a result already serialized in its 2026-07-28 form (a cached `tools/list`). */
export function modernAnswerAround(id: string | number, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** A JSON answer with the headers the SDK sends with one. */
export function jsonAnswer(text: string): PreparedAnswer {
  return new PreparedAnswer(200, { 'content-type': 'application/json' }, text);
}
