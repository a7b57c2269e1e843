/**
 * Setting a stub, from the control API or JavaScript: its shape is read,
 * its answer checked against the spec (unless it is `invalid`), and only
 * then is it set, so a refused stub leaves nothing behind.
 */
import type { AccountRecord } from '../engine/records.js';
import type { BodyIssue } from '../http/errors.js';
import { BodyCheck } from '../http/validation.js';
import { parseStub } from './parse.js';
import type { StubRegistry } from './registry.js';
import { validateStub } from './spec-validation.js';
import type { Stub, StubInput } from './types.js';

/** A stub that was not set: its shape is wrong or its answer does not match the spec. */
export class StubRefusedError extends Error {
  override readonly name = 'StubRefusedError';

  constructor(
    /** Each problem, located by a JSON Pointer into the stub (`/response/body/data/...`). */
    readonly issues: readonly BodyIssue[],
  ) {
    super(
      `The stub was refused:\n${issues.map((issue) => `  ${issue.pointer || '(stub)'}: ${issue.detail}`).join('\n')}`,
    );
  }
}

/**
 * Reads, checks and sets a stub for `account`; throws a
 * {@link StubRefusedError} listing every problem when it cannot be set.
 */
export async function setStub(
  registry: StubRegistry,
  account: AccountRecord,
  value: unknown,
): Promise<Stub> {
  const check = new BodyCheck();
  const input: StubInput = parseStub(value, check);
  if (check.issues.length > 0) throw new StubRefusedError(check.issues);
  const { operationId, issues } = await validateStub(input);
  if (issues.length > 0) throw new StubRefusedError(issues);
  return registry.add(account.id, input, operationId);
}
