import type { Client } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import * as z from 'zod';
import { UNLISTED_TOOLS } from '../src/tools/index.js';

type Validator = (value: unknown) => void;

/**
 * Compiles every tool's advertised output schema (as a client receives it
 * in `tools/list`) and returns a check that a result's `structuredContent`
 * is valid against its tool's schema.
 */
export async function outputValidators(
  client: Client,
): Promise<(tool: string, result: unknown) => void> {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, Validator>();
  const listed = (await client.listTools()).tools;
  // A tool kept callable but unlisted (a folded name) is checked against its own output schema.
  const unlisted = UNLISTED_TOOLS.map((tool) => ({
    name: tool.name,
    outputSchema: z.toJSONSchema(tool.output, { io: 'output' }),
  }));
  for (const tool of [...listed, ...unlisted]) {
    if (!tool.outputSchema) continue;
    const validate = ajv.compile(tool.outputSchema);
    validators.set(tool.name, (value) => {
      const valid = validate(value);
      expect(valid, `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    });
  }
  return (tool, result) => {
    const check = validators.get(tool);
    expect(check, `${tool} has an output schema`).toBeDefined();
    const { structuredContent, isError } = result as {
      structuredContent?: unknown;
      isError?: boolean;
    };
    expect(isError, `${tool} succeeded`).toBeFalsy();
    check?.(structuredContent);
  };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((block) => block.type === 'text')?.text ?? '';
}
