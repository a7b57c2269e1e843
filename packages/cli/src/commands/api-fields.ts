/**
 * The parameters of `shiptrack api`, as `gh api` takes them: `-F key=value`
 * typed (`true`, `false`, `null`, numbers, `@file`), `-f key=value` as
 * text, `key[sub]=value` nested and `key[]=value` a list in a body; in a
 * GET's query each key is sent as written (`filter[status]=available`).
 */
import { readFile } from 'node:fs/promises';
import { usageError } from '../errors/cli-error.js';
import { isRecord } from '../output/fields.js';

/** One `key=value` of `-F` (typed) or `-f` (text). */
export interface FieldArgument {
  text: string;
  typed: boolean;
}

/** A key and its value, read from a `key=value` argument. */
interface Field {
  key: string;
  value: unknown;
}

/** Reads `@file` (`@-` for stdin) as text, without its last line break. */
async function readValueFile(path: string, stdin: () => Promise<string>): Promise<string> {
  try {
    const text = path === '-' ? await stdin() : await readFile(path, 'utf8');
    return text.replace(/\r?\n$/, '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw usageError(`--field @${path}: the file cannot be read (${reason}).`);
  }
}

/** `-F`'s typing: `true`, `false`, `null` and numbers as JSON, `@file` its text, the rest text. */
async function typedValue(raw: string, stdin: () => Promise<string>): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw.startsWith('@')) return readValueFile(raw.slice(1), stdin);
  return raw;
}

async function fieldOf(argument: FieldArgument, stdin: () => Promise<string>): Promise<Field> {
  const at = argument.text.indexOf('=');
  const flag = argument.typed ? '--field' : '--raw-field';
  if (at <= 0) {
    throw usageError(`${flag} "${argument.text}": write key=value, e.g. ${flag} page[size]=5.`);
  }
  const key = argument.text.slice(0, at);
  const raw = argument.text.slice(at + 1);
  return { key, value: argument.typed ? await typedValue(raw, stdin) : raw };
}

/** `data[attributes][ref_numbers][]` -> `['data', 'attributes', 'ref_numbers', '']`. */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (match === null) {
    throw usageError(`--field key "${key}": write name, name[sub] or name[] (a list).`);
  }
  const subs = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1] ?? key, ...subs];
}

/** Sets `value` at a key path of `target`; `[]` appends to a list. */
function place(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head = '', ...rest] = path;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (rest[0] === '' && rest.length === 1) {
    const list = Array.isArray(target[head]) ? target[head] : [];
    target[head] = [...list, value];
    return;
  }
  const child = isRecord(target[head]) ? target[head] : {};
  target[head] = child;
  place(child, rest, value);
}

/** The fields as a JSON body, nested by their keys. */
export async function bodyOf(
  fields: readonly FieldArgument[],
  stdin: () => Promise<string>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const argument of fields) {
    const { key, value } = await fieldOf(argument, stdin);
    place(body, keyPath(key), value);
  }
  return body;
}

/** The fields as query parameters, each key as written and its value as text. */
export async function queryOf(
  fields: readonly FieldArgument[],
  stdin: () => Promise<string>,
): Promise<Record<string, string>> {
  const query: Record<string, string> = {};
  for (const argument of fields) {
    const { key, value } = await fieldOf(argument, stdin);
    query[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return query;
}

/** The JSON of `--input` (a file, or `-` for stdin), parsed. */
export async function inputBody(path: string, stdin: () => Promise<string>): Promise<unknown> {
  const text = await readValueFile(path, stdin).catch(() => {
    throw usageError(`--input ${path}: the file cannot be read.`);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw usageError(`--input ${path} is not JSON (${reason}): the body is sent as JSON.`);
  }
}
