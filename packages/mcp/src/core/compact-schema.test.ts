import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compactSchema, typed } from './compact-schema.js';

const advertised = (schema: z.ZodType) =>
  compactSchema(schema)['~standard'].jsonSchema.output({ target: 'draft-2020-12' });

describe('compactSchema', () => {
  it('keeps the top-level required list and drops nested ones, closures and the dialect', () => {
    const schema = z.object({ id: z.uuid(), inner: z.object({ a: z.string() }) });
    expect(
      compactSchema(schema)['~standard'].jsonSchema.input({ target: 'draft-2020-12' }),
    ).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        inner: { type: 'object', properties: { a: { type: 'string' } } },
      },
      required: ['id', 'inner'],
    });
  });

  it('outlines an output schema: the top level in full, nested objects and rows by their member names', () => {
    const schema = z.object({
      id: z.string(),
      inner: z.object({ a: z.string(), b: z.number() }),
      rows: z.array(z.object({ c: z.string(), d: z.boolean() })),
    });
    expect(advertised(schema)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        inner: { type: 'object', description: 'a, b' },
        rows: { type: 'array', items: { type: 'object', description: 'c, d' } },
      },
      required: ['id', 'inner', 'rows'],
    });
  });

  it('types an object marked typed member by member, with the members always there, and no marker', () => {
    const schema = z.object({
      rows: z.array(
        typed(
          z.object({
            id: z.string(),
            count: z.number().nullable(),
            fact: z.object({ day: z.string() }).optional(),
          }),
        ),
      ),
    });
    expect(advertised(schema)).toEqual({
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              count: { type: 'number' },
              fact: { type: 'object', description: 'day' },
            },
            required: ['id'],
          },
        },
      },
      required: ['rows'],
    });
    expect(JSON.stringify(advertised(schema))).not.toContain('x-shiptrack-typed');
  });

  it('drops propertyNames that only say keys are strings', () => {
    const input = compactSchema(z.object({ filters: z.record(z.string(), z.string()) }));
    expect(input['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toEqual({
      type: 'object',
      properties: { filters: { type: 'object' } },
      required: ['filters'],
    });
  });

  const advertisedInput = (schema: z.ZodType) =>
    compactSchema(schema)['~standard'].jsonSchema.input({ target: 'draft-2020-12' });

  it('turns an open enumeration into a string with its known values as examples', () => {
    const open = z.union([z.enum(['pending', 'hold']), z.string()]);
    expect(advertisedInput(z.object({ status: open.optional() }))).toEqual({
      type: 'object',
      properties: { status: { type: 'string', examples: ['pending', 'hold'] } },
    });
  });

  it('makes a nullable member optional, with one type, and keeps a closed enumeration closed', () => {
    const schema = z.object({
      mode: z.enum(['vessel', 'rail']).nullable(),
      count: z.number().nullable(),
      name: z.string(),
    });
    expect(advertised(schema)).toEqual({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['vessel', 'rail'] },
        count: { type: 'number' },
        name: { type: 'string' },
      },
      required: ['name'],
    });
  });

  it('writes a nullable array item as anyOf with null, never a type list', () => {
    const schema = z.object({ tags: z.array(z.string().nullable()) });
    expect(advertised(schema)).toMatchObject({
      properties: { tags: { items: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
    });
  });

  it('leaves descriptions and examples out of output schemas only', () => {
    const schema = z.object({ n: z.number().describe('how many') });
    expect(advertised(schema)).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
    expect(advertisedInput(schema)).toMatchObject({
      properties: { n: { type: 'number', description: 'how many' } },
    });
  });

  it('converts each schema once per process and shares the frozen result', () => {
    const schema = z.object({ id: z.uuid(), tags: z.array(z.string()) });
    expect(compactSchema(schema)).toBe(compactSchema(schema));
    const first = advertised(schema);
    expect(advertised(schema)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { properties: object }).properties)).toBe(true);
    // Another target is another conversion.
    const draft7 = compactSchema(schema)['~standard'].jsonSchema.output({ target: 'draft-07' });
    expect(draft7).not.toBe(first);
  });

  it('still validates with zod', () => {
    const schema = compactSchema(z.object({ n: z.number() }));
    expect(schema['~standard'].validate({ n: 'x' })).toMatchObject({ issues: [expect.anything()] });
  });
});
