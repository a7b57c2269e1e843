/**
 * Validation of JSON:API request bodies. Bodies are closed: a member the
 * operation does not know is a 422 `unknown_attribute` naming it. Every
 * problem is collected, so one answer lists them all.
 */
import { isUuid } from '../engine/ids.js';
import type { BodyIssue } from './errors.js';
import { malformedBody, unprocessable } from './errors.js';

/** Collects the problems of one body. */
export class BodyCheck {
  readonly issues: BodyIssue[] = [];

  /** Records a problem. */
  add(pointer: string, code: string, detail: string): void {
    this.issues.push({ pointer, code, detail });
  }

  /** Throws 422 when any problem was recorded. */
  finish(): void {
    if (this.issues.length > 0) throw unprocessable(this.issues);
  }

  /** Flags members of `value` not in `allowed`. */
  closed(value: Record<string, unknown>, pointer: string, allowed: readonly string[]): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        this.add(
          // A JSON pointer escapes "~" and "/" in a member's name (RFC 6901).
          `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
          'unknown_attribute',
          `is not accepted here; send only ${allowed.join(', ')}.`,
        );
      }
    }
  }

  /** A required non-blank string, optionally from an enum. */
  string(
    object: Record<string, unknown>,
    pointer: string,
    key: string,
    options: { required: boolean; values?: readonly string[]; maxLength?: number },
  ): string | undefined {
    const value = object[key];
    const at = `${pointer}/${key}`;
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      if (options.required) this.add(at, 'blank', "can't be blank.");
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(at, 'invalid', `must be a string; got ${JSON.stringify(value)}.`);
      return undefined;
    }
    if (options.values !== undefined && !options.values.includes(value)) {
      this.add(at, 'invalid', `must be one of ${options.values.join(', ')}; got "${value}".`);
      return undefined;
    }
    const maxLength = options.maxLength ?? 100;
    if (value.length > maxLength) {
      this.add(at, 'invalid', `must be at most ${maxLength} characters long.`);
      return undefined;
    }
    return value.trim();
  }

  /** An optional array of non-blank strings. */
  stringArray(object: Record<string, unknown>, pointer: string, key: string): string[] | undefined {
    const value = object[key];
    const at = `${pointer}/${key}`;
    if (value === undefined) return undefined;
    if (value === null) return [];
    if (!Array.isArray(value) || value.length > 100) {
      this.add(at, 'invalid', 'must be an array of at most 100 strings.');
      return undefined;
    }
    const out: string[] = [];
    value.forEach((item: unknown, index) => {
      if (typeof item !== 'string' || item.trim() === '' || item.length > 200) {
        this.add(
          `${at}/${index}`,
          'invalid',
          'must be a non-empty string of at most 200 characters.',
        );
      } else {
        out.push(item.trim());
      }
    });
    return out;
  }
}

/** True for a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON:API resource body holds once its envelope is checked. */
export interface ResourceBody {
  attributes: Record<string, unknown>;
  check: BodyCheck;
}

/**
 * Checks the envelope `{ data: { type, id?, attributes } }` of a body: `type`
 * must be `type`; the members of `data` are closed: `data.id` may be sent
 * only to a record's URL, and must be `urlId`, the id in it. Attribute
 * checks are the caller's; call `check.finish()` after them.
 */
export function resourceBody(
  body: unknown,
  type: string,
  options: { attributesRequired: boolean; urlId?: string | undefined },
): ResourceBody {
  if (!isObject(body)) {
    throw malformedBody(
      `The body must be a JSON object of the form { "data": { "type": "${type}", ... } }.`,
    );
  }
  const check = new BodyCheck();
  check.closed(body, '', ['data']);
  const data = body.data;
  if (!isObject(data)) {
    check.add(
      '/data',
      data === undefined ? 'blank' : 'invalid',
      `must be an object with "type": "${type}".`,
    );
    check.finish();
    return { attributes: {}, check };
  }
  const { urlId } = options;
  check.closed(
    data,
    '/data',
    urlId === undefined ? ['type', 'attributes'] : ['type', 'id', 'attributes'],
  );
  if (data.type !== type) {
    check.add('/data/type', data.type === undefined ? 'blank' : 'invalid', `must be "${type}".`);
  }
  if (urlId !== undefined && data.id !== undefined) {
    // Ids are UUIDs compared without regard to case, as in the URL (see canonical.ts).
    const id = typeof data.id === 'string' && isUuid(data.id) ? data.id.toLowerCase() : data.id;
    if (id !== urlId)
      check.add('/data/id', 'invalid', `must be the id in the URL (${urlId}), or left out.`);
  }
  const attributes = data.attributes;
  if (attributes === undefined && !options.attributesRequired) return { attributes: {}, check };
  if (!isObject(attributes)) {
    check.add(
      '/data/attributes',
      attributes === undefined ? 'blank' : 'invalid',
      'must be an object.',
    );
    check.finish();
    return { attributes: {}, check };
  }
  return { attributes, check };
}
