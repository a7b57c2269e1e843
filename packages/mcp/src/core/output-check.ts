/**
 * The check that a tool answers within its zod output schema, without
 * copying the answer: zod's `safeParse` builds a parsed copy of every
 * object and array it accepts (the answer is copied again afterwards, once,
 * by `withoutNulls`). Instead each schema is converted once to the JSON
 * Schema of what zod accepts (`io: 'input'`: an object keeps members it
 * does not list, as zod's parse does) and compiled by the ajv that the MCP
 * SDK bundles, which reads the value and writes nothing. ajv loads on the
 * first check, so a server's start (the stdio bin's cold start) does not
 * pay for it.
 */
import type { Ajv } from '@modelcontextprotocol/server/validators/ajv';
import * as z from 'zod';

/** Tells what is wrong with a value, or `undefined` when the schema accepts it. */
export type OutputCheck = (value: unknown) => string | undefined;

/**
 * The engine, made on the first check: draft-07 (the class the SDK
 * exports), NaN and infinities refused as zod refuses them, the first
 * problem only, formats left to the patterns zod writes beside them.
 */
let engine: Promise<InstanceType<typeof Ajv>> | undefined;

function ajv(): Promise<InstanceType<typeof Ajv>> {
  engine ??= import('@modelcontextprotocol/server/validators/ajv').then(
    (loaded) =>
      new loaded.Ajv({
        strict: false,
        strictNumbers: true,
        allErrors: false,
        validateFormats: false,
        validateSchema: false,
        logger: false,
      }),
  );
  return engine;
}

/** Each schema's compiled check, made once per process. */
const checks = new WeakMap<z.ZodType, OutputCheck>();

/**
 * Refuses what the JSON Schema would silently leave out: a refinement
 * (`.refine`, `.check`) is code, so the compiled check would accept what
 * zod refuses. Types with no JSON Schema at all (transforms, dates) make
 * zod's conversion throw by itself.
 */
function refuseRefinements(context: { zodSchema: z.core.$ZodTypes; path: (string | number)[] }) {
  const refined = context.zodSchema._zod.def.checks?.some(
    (check) => check._zod.def.check === 'custom',
  );
  if (refined) {
    const where = context.path.length === 0 ? 'its top level' : context.path.join('.');
    throw new Error(
      `An output schema with a refinement (at ${where}) cannot be checked without zod's parse; describe it with JSON Schema keywords instead.`,
    );
  }
}

/**
 * The check of `schema`, compiled on first use and kept for the process.
 * Rejects when the schema has a part JSON Schema cannot say (see
 * {@link refuseRefinements}).
 */
export async function outputCheck(schema: z.ZodType): Promise<OutputCheck> {
  const known = checks.get(schema);
  if (known) return known;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-07',
    override: refuseRefinements,
  });
  const engine = await ajv();
  const validate = engine.compile(json);
  const check: OutputCheck = (value) =>
    validate(value) ? undefined : engine.errorsText(validate.errors, { dataVar: 'answer' });
  checks.set(schema, check);
  return check;
}
