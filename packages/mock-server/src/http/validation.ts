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

  /**
   * A non-blank string, trimmed, optionally from an enum; at most
   * `maxLength` characters (100 unless said) and at least `minLength`.
   */
  string(
    object: Record<string, unknown>,
    pointer: string,
    key: string,
    options: {
      required: boolean;
      values?: readonly string[];
      maxLength?: number;
      minLength?: number;
    },
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
    if (options.minLength !== undefined && value.trim().length < options.minLength) {
      this.add(at, 'invalid', `must be at least ${options.minLength} characters long.`);
      return undefined;
    }
    return value.trim();
  }

  /** A non-blank string that must be one of `values`, typed as one of them. */
  oneOf<T extends string>(
    object: Record<string, unknown>,
    pointer: string,
    key: string,
    options: { required: boolean; values: readonly T[] },
  ): T | undefined {
    const value = this.string(object, pointer, key, options);
    return options.values.find((known) => known === value);
  }

  /** An array of at most 100 non-blank strings of at most 200 characters; `null` is `[]`. */
  stringArray(
    object: Record<string, unknown>,
    pointer: string,
    key: string,
    options: { required: boolean } = { required: false },
  ): string[] | undefined {
    const value = object[key];
    const at = `${pointer}/${key}`;
    if (value === undefined) {
      if (options.required) this.add(at, 'blank', "can't be blank.");
      return undefined;
    }
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

/** How {@link resourceBody} checks an envelope. */
export interface EnvelopeOptions {
  /** Whether `data.attributes` must be sent. */
  attributesRequired: boolean;
  /** The id in the URL, which `data.id` may repeat; `data.id` is refused without it. */
  urlId?: string | undefined;
  /** Whether `data.type` may be left out (default: it must be sent). */
  typeOptional?: boolean;
  /** Members of `data` besides `type`, `id` and `attributes`, read by the caller (`relationships`). */
  more?: readonly string[];
  /** Where to record problems, with those the caller found already (default: a new check). */
  check?: BodyCheck | undefined;
}

/**
 * Checks the envelope `{ data: { type, id?, attributes } }` of a body: `type`
 * must be `type`; the members of `data` are closed: `data.id` may be sent
 * only to a record's URL, and must be `urlId`, the id in it. Attribute
 * checks are the caller's; call `check.finish()` after them.
 */
export function resourceBody(body: unknown, type: string, options: EnvelopeOptions): ResourceBody {
  if (!isObject(body)) {
    throw malformedBody(
      `The body must be a JSON object of the form { "data": { "type": "${type}", ... } }.`,
    );
  }
  const check = options.check ?? new BodyCheck();
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
  check.closed(data, '/data', [
    'type',
    ...(urlId === undefined ? [] : ['id']),
    'attributes',
    ...(options.more ?? []),
  ]);
  if (data.type !== type && !(data.type === undefined && options.typeOptional === true)) {
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

/**
 * A required member once `check.finish()` has passed: reading it absent
 * recorded a problem, so it is here; `undefined` means a reader forgot to.
 */
export function present<T>(value: T | undefined): T {
  if (value === undefined)
    throw new Error('A required body member was absent without a problem recorded.');
  return value;
}

/** What a route tells a generated body reader: the URL's id, and problems it found already. */
export type BodyOptions = Pick<EnvelopeOptions, 'urlId' | 'check'>;
