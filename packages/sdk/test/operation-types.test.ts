/**
 * The generated table of operation types (`generated/operation-types.ts`,
 * read by the SDK's signatures) says what the spec's types say of the
 * operation each request reaches: `paths[path][method]`, with the path and
 * method of the operation table, derived here with the conditional types
 * the SDK used before the table (through openapi-fetch then). The type
 * checker (`pnpm typecheck`) runs the comparisons; a row that drifts names
 * its operationId in the error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { paths } from '../src/generated/openapi.js';
import type { OperationTypes } from '../src/generated/operation-types.js';
import { type OperationId, operations } from '../src/generated/operations.js';

type Table = typeof operations;

/** The spec's operation object of `Id`, found the way a request finds it: `paths[path][method]`. */
type OperationOf<Id extends OperationId> = paths[Table[Id]['path']] extends infer Item
  ? Lowercase<Table[Id]['method']> extends keyof Item
    ? Item[Lowercase<Table[Id]['method']>]
    : never
  : never;

/** The body of a response or request body object (`undefined` when it has none). */
type ContentOf<Holder> = Holder extends { content: infer Content }
  ? Content[keyof Content]
  : undefined;

/** The values of a query's `include` (`never` when it has none). */
type IncludeValues<Query> = 'include' extends keyof Query
  ? Query extends { include?: readonly (infer Value)[] }
    ? Value
    : never
  : never;

/** Each member of the table, derived from the operation object. */
interface Derived<Id extends OperationId> {
  include: OperationOf<Id> extends { parameters: { query?: infer Query } }
    ? IncludeValues<NonNullable<Query>>
    : never;
  body: OperationOf<Id> extends { requestBody?: infer Body } ? ContentOf<NonNullable<Body>> : never;
  output: OperationOf<Id> extends { responses: infer Responses }
    ? ContentOf<Responses[Extract<keyof Responses, 200 | 201 | 202 | 204>]>
    : never;
}

/** `true` when A and B are the same type (not merely assignable to each other). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The operationIds whose generated `Member` differs from the derived one (`never` when none). */
type Drifted<Member extends keyof Derived<OperationId>> = {
  [Id in OperationId]: Same<OperationTypes[Id][Member], Derived<Id>[Member]> extends true
    ? never
    : Id;
}[OperationId];

describe('generated operation types', () => {
  it('have a row for every operation of the table, and nothing else', () => {
    expectTypeOf<keyof OperationTypes>().toEqualTypeOf<OperationId>();
    const generated = readFileSync(
      new URL('../src/generated/operation-types.ts', import.meta.url),
      'utf8',
    );
    const rows = [...generated.matchAll(/^ {2}(\w+): \{$/gm)].map((match) => match[1]);
    expect(rows).toEqual(Object.keys(operations));
  });

  it('say what the operation each request reaches says: include values, body, success document', () => {
    expectTypeOf<Drifted<'include'>>().toEqualTypeOf<never>();
    expectTypeOf<Drifted<'body'>>().toEqualTypeOf<never>();
    expectTypeOf<Drifted<'output'>>().toEqualTypeOf<never>();
    // The derivation finds real operations: a row of each kind is what it should be.
    expectTypeOf<OperationTypes['listContainers']['include']>().toEqualTypeOf<
      'shipment' | 'pod_terminal' | 'transport_events'
    >();
    expectTypeOf<OperationTypes['updateContainer']['include']>().toBeNever();
    expectTypeOf<Derived<'createTrackingRequest'>['body']>().not.toBeNever();
    expectTypeOf<Derived<'getContainer'>['body']>().toBeNever();
    expectTypeOf<Derived<'getContainer'>['output']>().not.toBeNever();
    expectTypeOf<Derived<'deleteWebhook'>['output']>().toEqualTypeOf<undefined>();
  });
});
