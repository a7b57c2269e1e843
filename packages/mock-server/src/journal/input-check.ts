/**
 * JavaScript calls read their input with the same parsers as the control
 * API; the problems a 422 would list become one TypeError instead.
 */
import { BodyCheck } from '../http/validation.js';

/**
 * Runs `parse` over `input` and returns its result, or throws a TypeError
 * listing every problem (`request/path must start with /`).
 */
export function checkedInput<T>(what: string, parse: (check: BodyCheck) => T): T {
  const check = new BodyCheck();
  const parsed = parse(check);
  if (check.issues.length > 0) {
    const problems = check.issues.map(
      (issue) => `${issue.pointer === '' ? what : `${what}${issue.pointer}`} ${issue.detail}`,
    );
    throw new TypeError(problems.join('\n'));
  }
  return parsed;
}
