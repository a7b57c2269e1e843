/**
 * Which 2025-revision requests are answered with a single JSON body
 * (`application/json`) rather than an SSE stream: one request (not a
 * batch) whose whole answer is one result, from a client that accepts
 * JSON. Its method answers from the request alone and sends nothing
 * before its result (no log, no progress, no request to the client), and
 * it asks for nothing that streams (no `progressToken`; tasks augment
 * `tools/call` only, never one of these methods). Any
 * other request keeps its resumable SSE answer (`events/`): a
 * `tools/call` may log, report progress, ask the user or run as a task,
 * so the full server answers every one of them on a stream; the fast path
 * decides a plain call's answer after the tool has run (`fast-path.ts`).
 */
import { isRecord } from './json-record.js';

/** Methods whose answer is their result alone: the server sends nothing else while answering them. */
const WHOLE_ANSWER_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
  'logging/setLevel',
]);

/** Whether an `Accept` header names `application/json` (or any type) with a weight above 0. */
export function acceptsJson(accept: string | null): boolean {
  if (accept === null) return false;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'application/json' && type !== 'application/*' && type !== '*/*') continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (weight === undefined || Number(weight.slice(2)) > 0) return true;
  }
  return false;
}

/** Whether the 2025-revision POST `body` gets one JSON answer (see the module comment). */
export function answersWhole(body: unknown, accept: string | null): boolean {
  if (!isRecord(body) || !acceptsJson(accept)) return false;
  if (typeof body.method !== 'string' || !WHOLE_ANSWER_METHODS.has(body.method)) return false;
  if (typeof body.id !== 'string' && typeof body.id !== 'number') return false;
  const params = body.params;
  if (params === undefined) return true;
  if (!isRecord(params)) return false;
  const meta = params._meta;
  return meta === undefined || (isRecord(meta) && meta.progressToken === undefined);
}
