import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type Json = Record<string, unknown>;

const NESTED = ['anyOf', 'oneOf', 'allOf'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Drops what costs tokens and tells a model nothing: the dialect URI,
 * `additionalProperties` (closed or open, the model reads the properties),
 * patterns where a `format` already names the shape (UUID, date-time), and
 * the `required` lists of nested objects (the top level keeps its own, so a
 * tool's required parameters stay marked). The result only ever accepts
 * more than the zod schema, which still validates every value.
 */
function prune(node: unknown, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => prune(item, false));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'additionalProperties') continue;
    if (key === 'pattern' && typeof node.format === 'string') continue;
    if (key === 'required' && !top) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, prune(schema, false)]),
      );
    } else if (key === 'items' || (NESTED as readonly string[]).includes(key)) {
      out[key] = prune(value, false);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * A zod schema whose advertised JSON Schema is compact (see {@link prune}):
 * the tool list must stay small for the model's context, while validation
 * is still zod's, unchanged.
 */
export function compactSchema<S extends z.ZodType>(
  schema: S,
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      ...standard,
      jsonSchema: {
        // Safe: prune keeps an object an object.
        input: (options) => prune(standard.jsonSchema.input(options), true) as Json,
        output: (options) => prune(standard.jsonSchema.output(options), true) as Json,
      },
    },
  };
}
