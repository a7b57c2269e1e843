/**
 * Finds the spec operation of a request from the generated operation table,
 * so rate limiting (and fault scoping) know the operation and its bucket
 * without each route declaring them again. Paths arrive canonical (see
 * `canonical.ts`): no trailing slash, UUIDs in lower case.
 */
import { type OperationId, operations } from '../engine/operations.js';

/** A path template of the spec with the operation of each of its methods. */
interface CompiledPath {
  pattern: RegExp;
  params: number;
  byMethod: Map<string, OperationId>;
}

function compile(): CompiledPath[] {
  const paths = new Map<string, CompiledPath>();
  for (const id of Object.keys(operations) as OperationId[]) {
    // keys of a const object are its ids
    const { method, path } = operations[id];
    let compiled = paths.get(path);
    if (compiled === undefined) {
      compiled = {
        pattern: new RegExp(`^/v2${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
        byMethod: new Map(),
      };
      paths.set(path, compiled);
    }
    compiled.byMethod.set(method, id);
  }
  // The most literal template first: `/tracking_requests/infer_number` is that
  // path, never the tracking request with id "infer_number".
  return [...paths.values()].sort((a, b) => a.params - b.params);
}

const COMPILED = compile();

/** The result of matching a request against the operation table. */
export type OperationMatch =
  | { kind: 'operation'; id: OperationId }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'unknown_path' };

/**
 * Matches a method and a path (starting with `/v2`) to an operation: the
 * most literal template that fits the path decides, and a method it does not
 * have is `method_not_allowed` with the methods it has.
 */
export function matchOperation(method: string, pathname: string): OperationMatch {
  const path = COMPILED.find((candidate) => candidate.pattern.test(pathname));
  if (path === undefined) return { kind: 'unknown_path' };
  const id = path.byMethod.get(method);
  return id === undefined
    ? { kind: 'method_not_allowed', allowed: [...path.byMethod.keys()] }
    : { kind: 'operation', id };
}
