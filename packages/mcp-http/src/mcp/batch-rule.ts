/**
 * JSON-RPC batches by protocol revision: 2025-03-26 allowed a JSON array of
 * messages in one POST, 2025-06-18 removed batching. The SDK's stateless
 * legacy serving runs any all-2025 array, whatever revision the request
 * speaks, so the revisions without batching are refused here.
 */
import { INVALID_REQUEST, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { rpcErrorResponse } from '../http/responses.js';
import { isRecord } from './json-record.js';

/** The first protocol revision without JSON-RPC batching. */
export const FIRST_REVISION_WITHOUT_BATCHES = '2025-06-18';

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The revisions an array names: the `MCP-Protocol-Version` header, an
 * `initialize`'s `protocolVersion`, and the `_meta` protocol-version claim
 * of a 2026 request. The server is stateless, so there is no session whose
 * negotiated revision could name another.
 */
function revisionsNamed(batch: readonly unknown[], header: string | null): string[] {
  const named = header === null ? [] : [header.trim()];
  for (const message of batch) {
    if (!isRecord(message) || !isRecord(message.params)) continue;
    const { params } = message;
    if (message.method === 'initialize' && typeof params.protocolVersion === 'string') {
      named.push(params.protocolVersion);
    }
    const meta = isRecord(params._meta) ? params._meta : undefined;
    const claim = meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof claim === 'string') named.push(claim);
  }
  return named.filter((revision) => REVISION.test(revision));
}

/**
 * 400 with JSON-RPC Invalid Request when `body` is a batch and the request
 * speaks 2025-06-18 or later; `undefined` otherwise. A batch that names no
 * revision is 2025-03-26 (what the transport specification tells servers to
 * assume without the header) and is served.
 */
export function batchRefusal(body: unknown, protocolHeader: string | null): Response | undefined {
  if (!Array.isArray(body)) return undefined;
  const late = revisionsNamed(body, protocolHeader).find(
    (revision) => revision >= FIRST_REVISION_WITHOUT_BATCHES,
  );
  if (late === undefined) return undefined;
  return rpcErrorResponse(
    400,
    `Invalid Request: JSON-RPC batching is not supported since protocol ${FIRST_REVISION_WITHOUT_BATCHES} (this request speaks ${late}). Send one message per request.`,
    {},
    INVALID_REQUEST,
  );
}
