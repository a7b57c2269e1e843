/**
 * Finds the spec operation of a request from the generated operation table,
 * so rate limiting (and fault scoping) know the operation and its bucket
 * without each route declaring them again.
 */
import { type OperationId, operations } from '../engine/operations.js';

interface CompiledOperation {
  id: OperationId;
  method: string;
  pattern: RegExp;
  params: number;
}

// Templates with fewer parameters first, so `/tracking_requests/infer_number`
// wins over `/tracking_requests/{id}`.
const COMPILED: readonly CompiledOperation[] = (Object.keys(operations) as OperationId[]) // keys of a const object are its ids
  .map((id) => {
    const { method, path } = operations[id];
    const source = path.replace(/\{[^}]+\}/g, '[^/]+');
    return {
      id,
      method,
      pattern: new RegExp(`^/v2${source}/?$`),
      params: (path.match(/\{/g) ?? []).length,
    };
  })
  .sort((a, b) => a.params - b.params);

/** The result of matching a request against the operation table. */
export type OperationMatch =
  | { kind: 'operation'; id: OperationId }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'unknown_path' };

/** Matches a method and a path (starting with `/v2`) to an operation. */
export function matchOperation(method: string, pathname: string): OperationMatch {
  const allowed: string[] = [];
  for (const operation of COMPILED) {
    if (!operation.pattern.test(pathname)) continue;
    if (operation.method === method) return { kind: 'operation', id: operation.id };
    if (!allowed.includes(operation.method)) allowed.push(operation.method);
  }
  return allowed.length > 0 ? { kind: 'method_not_allowed', allowed } : { kind: 'unknown_path' };
}
