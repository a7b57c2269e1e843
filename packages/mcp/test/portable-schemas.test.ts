import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, startMockService } from './harness.js';

const service = startMockService();
let connection: Connection;
let schemas: { where: string; schema: Record<string, unknown> }[];

beforeAll(async () => {
  connection = await connect({ client: service.client() });
  const { tools } = await connection.client.listTools();
  schemas = tools.flatMap((tool) => [
    { where: `${tool.name} input`, schema: tool.inputSchema },
    ...(tool.outputSchema ? [{ where: `${tool.name} output`, schema: tool.outputSchema }] : []),
  ]);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

/** Every `type` keyword in a schema, with its JSON pointer. */
function typeKeywords(node: unknown, pointer = ''): { pointer: string; type: unknown }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => typeKeywords(item, `${pointer}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [
    // A property named `type` is a name, not the keyword: it sits under `properties`.
    ...(key === 'type' && !pointer.endsWith('/properties') ? [{ pointer, type: value }] : []),
    ...typeKeywords(value, `${pointer}/${key}`),
  ]);
}

describe('every advertised schema reads in single-type JSON Schema dialects', () => {
  it('has no type arrays, in any input or output schema', () => {
    expect(schemas).toHaveLength(22);
    const lists = schemas.flatMap(({ where, schema }) =>
      typeKeywords(schema)
        .filter(({ type }) => typeof type !== 'string')
        .map(({ pointer }) => `${where} ${pointer}`),
    );
    expect(lists).toEqual([]);
  });

  it('compiles in Ajv strict mode without union types', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: true, allowUnionTypes: false });
    addFormats(ajv);
    for (const { where, schema } of schemas) {
      expect(() => ajv.compile(schema), where).not.toThrow();
    }
  });
});
