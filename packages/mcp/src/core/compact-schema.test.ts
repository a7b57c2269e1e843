import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compactSchema } from './compact-schema.js';

const advertised = (schema: z.ZodType) =>
  compactSchema(schema)['~standard'].jsonSchema.output({ target: 'draft-2020-12' });

describe('compactSchema', () => {
  it('keeps the top-level required list and drops nested ones, closures and the dialect', () => {
    expect(advertised(z.object({ id: z.uuid(), inner: z.object({ a: z.string() }) }))).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        inner: { type: 'object', properties: { a: { type: 'string' } } },
      },
      required: ['id', 'inner'],
    });
  });

  it('turns an open enumeration into a string with its known values as examples', () => {
    const open = z.union([z.enum(['pending', 'hold']), z.string()]);
    expect(advertised(z.object({ status: open.nullable() }))).toMatchObject({
      properties: { status: { type: ['string', 'null'], examples: ['pending', 'hold'] } },
    });
  });

  it('keeps a closed nullable enumeration closed', () => {
    expect(advertised(z.object({ mode: z.enum(['vessel', 'rail']).nullable() }))).toMatchObject({
      properties: { mode: { type: ['string', 'null'], enum: ['vessel', 'rail', null] } },
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
