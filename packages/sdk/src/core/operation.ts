/**
 * The types that tie an operation of the generated table (operationId,
 * method, path, rate-limit bucket) to its request body and success
 * document (its `include` values: `IncludeOf`, `resources/shared.ts`).
 * They index `generated/operation-types.ts`, which `pnpm generate` writes
 * from the spec and `test/operation-types.test.ts` checks against the
 * operation that `paths[path][method]` names: a resource method that names
 * an operationId gets exactly that operation's body and output, and a
 * wrong pairing does not compile.
 */
import type { components } from '../generated/openapi.js';
import type { OperationTypes } from '../generated/operation-types.js';
import type { OperationId } from '../generated/operations.js';

/** The request body of operation `Id` (`never` when it takes none). */
export type OperationBody<Id extends OperationId> = OperationTypes[Id]['body'];

/** The success body of operation `Id` (`undefined` for an answer without a body). */
export type OperationOutput<Id extends OperationId> = OperationTypes[Id]['output'];

/** A schema of the spec's components, by name (raw documents extend it as named interfaces). */
export type SpecSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
