/**
 * Which requests a reused server may answer: those whose answer depends on
 * the request alone. A server keeps what a 2025 handshake (`initialize`),
 * `logging/setLevel` or a task-augmented call leaves in it, so those always
 * get a fresh server; so do calls that stream progress, and 2026-07-28
 * requests whose `_meta` does not name the client and its capabilities (the
 * SDK seeds the server's view of its client from them, and would keep the
 * previous caller's otherwise).
 */
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server';
import { isRecord } from './json-record.js';

/** Methods whose handlers keep nothing in the server between requests. */
const REUSABLE_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
  'ping',
]);

/** Whether the parsed body of a POST may be answered by a server that served earlier requests. */
export function mayReuseServer(body: unknown, era: 'legacy' | 'modern'): boolean {
  if (!isRecord(body) || !('id' in body)) return false;
  if (typeof body.method !== 'string' || !REUSABLE_METHODS.has(body.method)) return false;
  const params = body.params;
  if (params === undefined) return era === 'legacy';
  if (!isRecord(params) || 'task' in params) return false;
  const meta = params._meta;
  if (meta !== undefined && (!isRecord(meta) || 'progressToken' in meta)) return false;
  if (era === 'legacy') return true;
  return (
    meta !== undefined &&
    isRecord(meta[CLIENT_INFO_META_KEY]) &&
    isRecord(meta[CLIENT_CAPABILITIES_META_KEY])
  );
}
