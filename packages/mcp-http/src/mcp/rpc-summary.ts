/** What a JSON-RPC body asks for, for the log line. */
import { isRecord } from './json-record.js';

/** The method and target of a body (a batch lists its methods). */
export interface RpcSummary {
  rpcMethod?: string;
  target?: string;
}

function targetOf(message: Record<string, unknown>): string | undefined {
  const params = isRecord(message.params) ? message.params : undefined;
  if (!params) return undefined;
  if (message.method === 'tools/call' || message.method === 'prompts/get') {
    return typeof params.name === 'string' ? params.name : undefined;
  }
  if (message.method === 'resources/read') {
    return typeof params.uri === 'string' ? params.uri : undefined;
  }
  return undefined;
}

/** Summarizes a parsed JSON-RPC message or batch. */
export function summarizeRpc(body: unknown): RpcSummary {
  // One message (nearly every request): read as it is, without the batch's lists.
  if (isRecord(body)) {
    const target = targetOf(body);
    const rpcMethod = typeof body.method === 'string' ? body.method : 'response';
    return target === undefined ? { rpcMethod } : { rpcMethod, target };
  }
  const messages = Array.isArray(body) ? body.filter(isRecord) : isRecord(body) ? [body] : [];
  const methods = messages.map((message) =>
    typeof message.method === 'string' ? message.method : 'response',
  );
  const targets = messages.map(targetOf).filter((target) => target !== undefined);
  return {
    ...(methods.length > 0 ? { rpcMethod: methods.join(',') } : {}),
    ...(targets.length > 0 ? { target: targets.join(',') } : {}),
  };
}
