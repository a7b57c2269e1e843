/**
 * The types that tie an operation of the generated table (operationId,
 * method, path, rate-limit bucket) to its parameters, request body and
 * success document, through openapi-fetch's types over the generated paths.
 * A resource method that names an operationId gets exactly that operation's
 * inputs and output: a wrong pairing does not compile.
 */
import type { ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { components, paths } from '../generated/openapi.js';
import type { OperationId, operations } from '../generated/operations.js';

type Table = typeof operations;

/** The path template of an operation, such as `/containers/{id}`. */
export type OperationPath<Id extends OperationId> = Table[Id]['path'];

/** The lower-case HTTP method of an operation. */
export type OperationMethod<Id extends OperationId> = Lowercase<Table[Id]['method']>;

/** The generated operation object of `Id`: `paths[path][method]`. */
export type OperationOf<Id extends OperationId> = paths[OperationPath<Id>] extends infer Item
  ? OperationMethod<Id> extends keyof Item
    ? Item[OperationMethod<Id>]
    : never
  : never;

/** What an operation is sent with: its path and query parameters and its body, as openapi-fetch types them. */
export type OperationInput<Id extends OperationId> = ParamsOption<OperationOf<Id>> &
  RequestBodyOption<OperationOf<Id>>;

/** The success statuses the spec documents. */
type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of one response object (`undefined` when it has none). */
type BodyOf<Response> = Response extends { content: infer Content }
  ? Content[keyof Content]
  : undefined;

/**
 * The success body of an operation, from the generated response types.
 * (openapi-fetch's `FetchResponse` would pass it through its `Readable`
 * mapping, which turns the open enums' `string & {}` into an object type.)
 */
export type OperationOutput<Id extends OperationId> =
  OperationOf<Id> extends { responses: infer Responses }
    ? BodyOf<Responses[Extract<keyof Responses, SuccessStatus>]>
    : never;

/** A schema of the spec's components, by name (raw documents extend it as named interfaces). */
export type SpecSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
