/**
 * Which requests the fast path answers (`fast-path.ts`): a plain stateless
 * `tools/call` or `tools/list`, exactly as MCP clients send them, whose
 * answer the full server would give from the request alone. The rule is
 * narrow on purpose: anything else (a task, a progress token, a log level
 * or any other `_meta`, a `requestState`, a cursor, a batch, other
 * revisions, headers that disagree with the body) goes to the full server,
 * which answers it with every protocol behaviour.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isJsonContentType,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { HeaderReader } from '../http/request-head.js';
import { isRecord } from './json-record.js';

/** The one 2025 revision served fast (its SSE answers open with a priming event). */
export const FAST_LEGACY_REVISION = '2025-11-25';
/** The 2026 revision served fast. */
export const FAST_MODERN_REVISION = '2026-07-28';

/** A request the fast path answers. */
export interface FastRequest {
  readonly era: 'legacy' | 'modern';
  readonly id: string | number;
  readonly method: 'tools/call' | 'tools/list';
  /** The tool of a `tools/call`. */
  readonly name?: string;
  /** The arguments of a `tools/call`, as sent (the tool checks them). */
  readonly arguments?: unknown;
  /**
   * What the `tools/list` answer depends on: the era and, on 2026-07-28, the
   * client's declared capabilities (a `tools/call`'s is its era alone: no
   * list is kept for it, so its capabilities are not serialized).
   */
  readonly listKey: string;
}

const FAST_METHODS = ['tools/call', 'tools/list'] as const;
const BODY_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);
const CALL_KEYS: ReadonlySet<string> = new Set(['name', 'arguments', '_meta']);
const LIST_KEYS: ReadonlySet<string> = new Set(['_meta']);
const MODERN_META_KEYS: ReadonlySet<string> = new Set([
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
]);

function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** The 2026-07-28 `_meta` of a plain request: the revision, the client and its capabilities, nothing else. */
function plainModernMeta(meta: unknown): meta is Record<string, unknown> {
  return (
    isRecord(meta) &&
    onlyKeys(meta, MODERN_META_KEYS) &&
    meta[PROTOCOL_VERSION_META_KEY] === FAST_MODERN_REVISION &&
    isRecord(meta[CLIENT_INFO_META_KEY]) &&
    isRecord(meta[CLIENT_CAPABILITIES_META_KEY])
  );
}

/** Whether the headers are those every client of the revision sends for this body. */
function plainHeaders(headers: HeaderReader): boolean {
  const accept = headers.get('accept');
  return (
    accept?.includes('application/json') === true &&
    accept.includes('text/event-stream') &&
    isJsonContentType(headers.get('content-type'))
  );
}

/** The request the fast path answers, or `undefined` for the full server. */
export function fastRequestOf(body: unknown, headers: HeaderReader): FastRequest | undefined {
  if (!isRecord(body) || !onlyKeys(body, BODY_KEYS) || body.jsonrpc !== '2.0') return undefined;
  const { id } = body;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const method = FAST_METHODS.find((served) => served === body.method);
  if (method === undefined) return undefined;
  if (!plainHeaders(headers)) return undefined;
  const params = body.params ?? {};
  if (!isRecord(params) || !onlyKeys(params, method === 'tools/call' ? CALL_KEYS : LIST_KEYS)) {
    return undefined;
  }
  const name = typeof params.name === 'string' ? params.name : undefined;
  if (method === 'tools/call') {
    if (name === undefined) return undefined;
    if (params.arguments !== undefined && !isRecord(params.arguments)) return undefined;
  }
  const revision = headers.get('mcp-protocol-version');
  const call = { id, method, name, arguments: params.arguments } as const;
  if (revision === FAST_LEGACY_REVISION) {
    return params._meta === undefined ? { ...call, era: 'legacy', listKey: 'legacy' } : undefined;
  }
  if (revision !== FAST_MODERN_REVISION || !plainModernMeta(params._meta)) return undefined;
  // The 2026 standard headers must name what the body does (the SDK refuses a mismatch).
  if (headers.get('mcp-method') !== method) return undefined;
  if (headers.get('mcp-name') !== (name ?? null)) return undefined;
  if (method === 'tools/call') return { ...call, era: 'modern', listKey: 'modern' };
  const capabilities = JSON.stringify(params._meta[CLIENT_CAPABILITIES_META_KEY]);
  return { ...call, era: 'modern', listKey: `modern ${capabilities}` };
}
