/**
 * A stub's answer against the spec, when it is set: the stub must answer
 * one operation of the spec, with a status the operation documents and a
 * body that matches the documented schema. A stub marked `invalid` is
 * sent as it is. The spec check is loaded on the first stub checked.
 */
import { type OperationId, operations } from '../engine/operations.js';
import type { BodyIssue } from '../http/errors.js';
import { matchOperation } from '../http/operation-match.js';
import { pathGlobToRegExp } from '../http/path-glob.js';
import { loadSpecCheck } from '../spec/load.js';
import type { SpecMismatch } from '../spec/types.js';
import { stubContentType } from './answer.js';
import type { StubInput } from './types.js';

/** The operation a stub answers and what in its answer does not match the spec. */
export interface StubValidation {
  readonly operationId: OperationId | null;
  readonly issues: readonly BodyIssue[];
}

// The keys of the generated operation table are its ids.
const OPERATION_IDS = Object.keys(operations) as OperationId[];

/**
 * The operations whose requests a stub's method and path can match: for a
 * path without `*`, the one the mock would route it to; with `*`, every
 * path template of the method whose segments the pattern's fit.
 */
export function operationsOf(method: string, path: string): OperationId[] {
  if (!path.includes('*')) {
    const match = matchOperation(method, path);
    return match.kind === 'operation' ? [match.id] : [];
  }
  if (path.includes('**')) return OPERATION_IDS.filter((id) => operations[id].method === method);
  const segments = path.split('/');
  return OPERATION_IDS.filter((id) => {
    const { method: wanted, path: template } = operations[id];
    const parts = `/v2${template}`.split('/');
    if (wanted !== method || parts.length !== segments.length) return false;
    return parts.every((part, index) => {
      const given = segments[index] ?? '';
      if (part.startsWith('{')) return true;
      return given.includes('*') ? pathGlobToRegExp(given).test(part) : given === part;
    });
  });
}

function issueOf(mismatch: SpecMismatch): BodyIssue {
  const pointer =
    mismatch.kind === 'response_status'
      ? '/response/status'
      : mismatch.kind === 'response_content_type'
        ? '/response/headers/content-type'
        : `/response/body${mismatch.pointer ?? ''}`;
  return {
    pointer,
    code: 'spec_mismatch',
    detail: `${mismatch.message}. Fix the answer, or set "invalid": true to send it on purpose.`,
  };
}

/** Checks a stub's answer against the spec (unless it is `invalid`). */
export async function validateStub(stub: StubInput): Promise<StubValidation> {
  const { method, path } = stub.request;
  const covered = operationsOf(method, path);
  const only = covered.length === 1 ? (covered[0] ?? null) : null;
  if (stub.invalid === true) return { operationId: only, issues: [] };
  if (only === null) {
    const detail =
      covered.length === 0
        ? `${method} ${path} is no operation of the spec (paths start with /v2); stub an operation, or set "invalid": true to answer it anyway.`
        : `${method} ${path} matches ${covered.length} operations (${covered.slice(0, 5).join(', ')}${covered.length > 5 ? ', ...' : ''}), whose answers differ; give a path of one (a literal segment instead of *), or set "invalid": true.`;
    return {
      operationId: null,
      issues: [{ pointer: '/request/path', code: 'spec_mismatch', detail }],
    };
  }
  const check = await loadSpecCheck();
  const { response } = stub;
  const mismatches = check.checkResponse(only, {
    status: response.status,
    contentType: stubContentType(response),
    body: response.text ?? response.body,
  });
  return { operationId: only, issues: mismatches.map(issueOf) };
}
