import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { answerToolCall, defineTool, type ToolRunContext } from '../src/core/define-tool.js';
import { ERROR_META_KEY } from '../src/core/errors.js';
import { outputCheck } from '../src/core/output-check.js';
import { TOOLS, UNLISTED_TOOLS } from '../src/tools/index.js';

const Output = z.object({
  count: z.number(),
  note: z.string().nullable(),
  rows: z.array(z.object({ id: z.string() })),
});

/** A tool that answers whatever the test gives it as its structured answer. */
function toolAnswering(structured: unknown) {
  return defineTool({
    name: 'answering',
    title: 'Answering',
    description: 'Answers what the test gives it.',
    schemas: () => ({ input: z.object({}), output: Output }),
    annotations: { readOnlyHint: true },
    // Safe: the test hands the tool answers outside its type on purpose, to see them refused.
    run: async () => ({ structured: structured as z.output<typeof Output>, text: 'answered' }),
  });
}

/** Calls the tool as a server would; it reads nothing of its context. */
async function call(structured: unknown) {
  const failures: unknown[] = [];
  const outcome = await answerToolCall(
    toolAnswering(structured),
    {},
    // Safe: the tool's `run` never reads its context.
    () => ({}) as ToolRunContext,
    (error) => failures.push(error),
  );
  return { result: outcome.result, failures };
}

describe("a tool's answer is checked against its output schema", () => {
  it('passes an answer within the schema through, without its nulls', async () => {
    const { result, failures } = await call({ count: 2, note: null, rows: [{ id: 'a' }] });
    expect(failures).toEqual([]);
    expect(result).toMatchObject({ structuredContent: { count: 2, rows: [{ id: 'a' }] } });
    expect(result).not.toHaveProperty('isError');
  });

  it('refuses an answer outside the schema as an internal error, and tells the host', async () => {
    const { result, failures } = await call({ count: '2', note: null, rows: [{ id: 'a' }] });
    expect(result).toMatchObject({
      isError: true,
      _meta: { [ERROR_META_KEY]: { code: 'internal_error' } },
    });
    expect(result).not.toHaveProperty('structuredContent');
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain(
      'answering answered outside its output schema: answer/count must be number',
    );
  });

  it('refuses a missing member, a wrong type deep down, and a number that is not finite', async () => {
    for (const wrong of [
      { count: 1, rows: [] },
      { count: 1, note: null, rows: [{ id: 7 }] },
      { count: Number.NaN, note: null, rows: [] },
      { count: Number.POSITIVE_INFINITY, note: null, rows: [] },
    ]) {
      const { result } = await call(wrong);
      expect(result, JSON.stringify(wrong)).toMatchObject({ isError: true });
    }
  });

  it('accepts what zod accepts: members the schema does not list are not refused', async () => {
    const check = await outputCheck(Output);
    const answer = { count: 1, note: 'x', rows: [], extra: true };
    expect(Output.safeParse(answer).success).toBe(true);
    expect(check(answer)).toBeUndefined();
  });

  it('reads the answer and writes nothing to it', async () => {
    const answer = Object.freeze({ count: 1, note: null, rows: Object.freeze([]) });
    expect((await outputCheck(Output))(answer)).toBeUndefined();
  });

  it('is compiled once per schema', async () => {
    expect(await outputCheck(Output)).toBe(await outputCheck(Output));
  });

  it('refuses a schema with a refinement, which JSON Schema cannot carry', async () => {
    const refined = z.object({ count: z.number().refine((n) => n % 2 === 0) });
    await expect(outputCheck(refined)).rejects.toThrow(/refinement \(at properties\.count\)/);
  });

  it("compiles every tool's output schema", async () => {
    for (const tool of [...TOOLS, ...UNLISTED_TOOLS]) {
      await expect(outputCheck(tool.output), tool.name).resolves.toBeTypeOf('function');
    }
  });
});
