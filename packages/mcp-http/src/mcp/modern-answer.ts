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

/** The JSON-RPC answer to `id` carrying `result`, as the SDK orders its members. */
export function modernAnswerText(id: string | number, result: object): string {
  return JSON.stringify({ result: modernResult(result), jsonrpc: '2.0', id });
}

/** The same around a result already serialized in its 2026-07-28 form (a cached `tools/list`). */
export function modernAnswerAround(id: string | number, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** A JSON answer with the headers the SDK sends with one. */
export function jsonAnswer(text: string): PreparedAnswer {
  return new PreparedAnswer(200, { 'content-type': 'application/json' }, text);
}
