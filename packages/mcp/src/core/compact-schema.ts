import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { lazy } from './lazy.js';

type Json = Record<string, unknown>;

const NESTED = ['anyOf', 'oneOf', 'allOf'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which side of a tool a schema describes. */
type Side = 'input' | 'output';

/** zod's bounds of a safe integer: they say nothing a model or a validator needs. */
const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/** Keywords an output schema drops: the result's text and the server's instructions say these. */
const OUTPUT_ONLY_NOISE = new Set(['description', 'examples']);

/**
 * Drops what costs tokens and tells a model nothing: the dialect URI,
 * `additionalProperties` (closed or open, the model reads the properties),
 * patterns where a `format` already names the shape (UUID, date-time),
 * zod's safe-integer bounds, the `required` lists of nested objects (the
 * top level keeps its own, so a tool's required parameters stay marked),
 * and in output schemas descriptions and examples. Then makes it portable
 * (see {@link portable}). The result only ever accepts more than the zod
 * schema, which still validates every value.
 */
function prune(node: unknown, top: boolean, side: Side): unknown {
  if (Array.isArray(node)) return node.map((item) => prune(item, false, side));
  if (!isObject(node)) return node;
  const merged = mergeSimpleAnyOf(node);
  if (merged !== node) return prune(merged, top, side);
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'additionalProperties') continue;
    if (key === 'pattern' && typeof node.format === 'string') continue;
    // A typed object's `required` says which members are always there; elsewhere the top level's does.
    if (key === 'required' && !top && node[TYPED] !== true) continue;
    // Every property name in JSON is a string: it says nothing.
    if (key === 'propertyNames' && isObject(value) && isOnlyStringType(value)) continue;
    if ((key === 'maximum' || key === 'minimum') && Math.abs(Number(value)) === SAFE_INTEGER_BOUND)
      continue;
    if (side === 'output' && OUTPUT_ONLY_NOISE.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, prune(schema, false, side)]),
      );
    } else if (key === 'items' || (NESTED as readonly string[]).includes(key)) {
      out[key] = prune(value, false, side);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function isOnlyStringType(schema: Json): boolean {
  const keys = Object.keys(schema);
  return keys.length === 1 && schema.type === 'string';
}

/** A schema without its `null`, and whether it had one. */
function withoutNull(node: Json): { schema: Json; nullable: boolean } {
  const { type, anyOf, enum: values } = node;
  if (Array.isArray(type) && type.includes('null')) {
    const rest = type.filter((t) => t !== 'null');
    const schema: Json = { ...node, type: rest.length === 1 ? rest[0] : rest };
    if (Array.isArray(values)) schema.enum = values.filter((v) => v !== null);
    return { schema, nullable: true };
  }
  if (Array.isArray(anyOf) && anyOf.some((m) => isObject(m) && m.type === 'null')) {
    const rest = anyOf.filter((m) => !(isObject(m) && m.type === 'null'));
    const { anyOf: _anyOf, ...others } = node;
    const [only] = rest;
    const schema =
      rest.length === 1 && isObject(only) ? { ...only, ...others } : { ...others, anyOf: rest };
    return { schema, nullable: true };
  }
  return { schema: node, nullable: false };
}

/**
 * Makes a schema readable by single-type JSON Schema dialects (the MCP
 * Inspector's strict mode, some model providers): no `type` arrays. A
 * nullable property becomes optional (the server leaves `null` members out
 * of `structuredContent`, see `withoutNulls`) and leaves `required`; a
 * nullable value elsewhere becomes `anyOf` with `null`; several types
 * become `anyOf` of single types.
 */
function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      const properties: Json = {};
      const optional = new Set<string>();
      for (const [name, schema] of Object.entries(value)) {
        const { schema: plain, nullable } = isObject(schema)
          ? withoutNull(schema)
          : { schema, nullable: false };
        if (nullable) optional.add(name);
        properties[name] = portable(plain);
      }
      out.properties = properties;
      if (Array.isArray(node.required)) {
        out.required = node.required.filter((name) => !optional.has(String(name)));
      }
    } else if (key === 'required' && isObject(node.properties)) {
      // Written with the properties above.
    } else if (key === 'items' || (NESTED as readonly string[]).includes(key)) {
      out[key] = portable(value);
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.type)) {
    const { type, ...rest } = out;
    const nullable = type.includes('null');
    const types = type.filter((t) => t !== 'null');
    const single =
      types.length === 1 ? [{ ...rest, type: types[0] }] : types.map((t) => ({ type: t }));
    const members = nullable ? [...single, { type: 'null' }] : single;
    return members.length === 1
      ? members[0]
      : types.length === 1
        ? { anyOf: members }
        : { ...rest, anyOf: members };
  }
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  return out;
}

/** The `type` list of a member that says nothing but its type (and known values). */
function simpleTypes(member: unknown): string[] | undefined {
  if (!isObject(member)) return undefined;
  const keys = Object.keys(member).filter((key) => key !== 'enum' && key !== 'examples');
  if (keys.length !== 1 || keys[0] !== 'type') return undefined;
  const { type } = member;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) && type.every((t) => typeof t === 'string') ? type : undefined;
}

/**
 * Merges an `anyOf` of bare types into one node: an open enumeration
 * (`anyOf: [{type: string, enum}, {type: string}]`) becomes a string with
 * its known values as `examples`, and a nullable one adds `null` to the
 * types. Returns the node itself when nothing merges.
 */
function mergeSimpleAnyOf(node: Json): Json {
  const members = Array.isArray(node.anyOf)
    ? node.anyOf.map((m) => (isObject(m) ? mergeSimpleAnyOf(m) : m))
    : undefined;
  if (!members || members.some((member) => simpleTypes(member) === undefined)) return node;
  const types = [...new Set(members.flatMap((member) => simpleTypes(member) ?? []))];
  const values = members.flatMap((member) => {
    if (!isObject(member)) return [];
    const closed = Array.isArray(member.enum) ? member.enum : [];
    const open = Array.isArray(member.examples) ? member.examples : [];
    return [...closed, ...open];
  });
  const { anyOf: _anyOf, ...rest } = node;
  // Open when some member allows any value of its type (`null` alone allows only itself).
  const open = members.some(
    (member) =>
      isObject(member) && !Array.isArray(member.enum) && simpleTypes(member)?.join() !== 'null',
  );
  // Type lists are resolved by `portable` afterwards.
  const merged: Json = { ...rest, type: types.length === 1 ? types[0] : types };
  if (values.length > 0)
    merged[open ? 'examples' : 'enum'] = open
      ? values
      : [...values, ...(types.includes('null') ? [null] : [])];
  return merged;
}

/** The JSON Schema key by which {@link typed} marks an object (dropped from what is advertised). */
const TYPED = 'x-shiptrack-typed';

/**
 * Marks an object of an output schema to be advertised with its members
 * and their types (see {@link outline}): a list's row, a fact a client
 * reads (a last free day, paging). Returns a copy of `schema`.
 */
export function typed<S extends z.ZodObject>(schema: S): S {
  return schema.meta({ [TYPED]: true });
}

/**
 * Outlines an output schema: its top level is described member by member,
 * as is every object marked {@link typed} (a list's rows, the nested facts
 * a client reads); any other nested object is advertised as an object whose
 * description names its members. What a program reads stays valid against
 * it, a model still learns every member's name, and the tool list stays
 * within its token budget (every member typed would take it half again);
 * the members' meaning is in the result's text and the README.
 */
function outline(node: unknown, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((member) => outline(member, false));
  if (!isObject(node)) return node;
  const { [TYPED]: marked, ...rest } = node;
  if (isObject(rest.properties)) {
    if (!top && marked !== true) {
      const members = Object.keys(rest.properties);
      // An object of no known members (a union's or an open record's) has nothing to name.
      return members.length > 0
        ? { type: 'object', description: members.join(', ') }
        : { type: 'object' };
    }
    const properties = Object.fromEntries(
      Object.entries(rest.properties).map(([name, schema]) => [name, outline(schema, false)]),
    );
    return { ...rest, properties };
  }
  const out: Json = { ...rest };
  if (rest.items !== undefined) out.items = outline(rest.items, false);
  for (const key of NESTED) if (rest[key] !== undefined) out[key] = outline(rest[key], false);
  return out;
}

/** The advertised form of a converted schema. */
function advertise(json: unknown, side: Side): Json {
  const compact = portable(prune(json, true, side));
  // Safe: pruning, `portable` and `outline` keep an object an object.
  return (side === 'output' ? outline(compact, true) : compact) as Json;
}

/** Freezes a converted schema and everything in it: one copy serves every server of the process. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/** Each zod schema's compact wrapper, made once per process (see {@link compactSchema}). */
const wrappers = new WeakMap<z.ZodType, StandardSchemaWithJSON<unknown, unknown>>();

/**
 * A zod schema whose advertised JSON Schema is compact (see {@link prune}):
 * the tool list must stay small for the model's context, while validation
 * is still zod's, unchanged.
 *
 * The conversion runs once per schema, direction and target in a process:
 * a host that builds a fresh server per request (stateless HTTP) would
 * otherwise redo zod's JSON Schema conversion of every tool on each
 * `tools/list`, and of the called tool on each `tools/call`. The converted
 * schemas are frozen, since every server of the process shares them.
 */
export function compactSchema<S extends z.ZodType>(
  schema: S,
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const known = wrappers.get(schema);
  // Safe: the wrapper stored for `schema` was built from `schema` below.
  if (known) return known as StandardSchemaWithJSON<z.input<S>, z.output<S>>;
  const standard = schema['~standard'];
  const converted = new Map<string, Json>();
  const once = (io: 'input' | 'output', options: { target: string }): Json => {
    const key = `${io} ${JSON.stringify(options)}`;
    let json = converted.get(key);
    if (json === undefined) {
      json = deepFreeze(advertise(standard.jsonSchema[io](options), io));
      converted.set(key, json);
    }
    return json;
  };
  const wrapper: StandardSchemaWithJSON<z.input<S>, z.output<S>> = {
    '~standard': {
      ...standard,
      jsonSchema: {
        input: (options) => once('input', options),
        output: (options) => once('output', options),
      },
    },
  };
  wrappers.set(schema, wrapper);
  return wrapper;
}

/**
 * The compact form (see {@link compactSchema}) of the schema `make`
 * returns, made when its JSON Schema is first asked for (the first
 * `tools/list`), not when the tool is registered; its validation lets every
 * value through, since a tool checks its arguments itself (see
 * `registerTool`), so that a refusal is a tool error with its code rather
 * than the SDK's bare text.
 */
export function advertisedOnFirstUse(
  make: () => z.ZodType,
): StandardSchemaWithJSON<unknown, unknown> {
  const made = lazy(() => compactSchema(make())['~standard']);
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => ({ value }),
      jsonSchema: {
        input: (options) => made().jsonSchema.input(options),
        output: (options) => made().jsonSchema.output(options),
      },
    },
  };
}
