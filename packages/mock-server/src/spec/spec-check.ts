/**
 * `@shiptrack/mock-server/spec-check`: requests and answers checked against
 * `spec/openapi.yaml` with ajv (JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1). A file of its own, loaded on first use (`load.ts`): the mock starts
 * without parsing the spec, and the bins that embed the mock never carry
 * it. Schemas compile once each, by JSON Pointer, on first use.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationId } from '../engine/operations.js';
import { HttpError } from '../http/errors.js';
import { matchOperation } from '../http/operation-match.js';
import { checkQuery } from '../http/spec-parameters.js';
import {
  documentedAnswer,
  documentedRequestBody,
  documentedStatuses,
  type Located,
  operationOf,
  type SpecObject,
  specDocument,
} from './document.js';
import type { CheckedRequest, SpecCheck, SpecMismatch, SpecMismatchKind } from './types.js';

export type * from './types.js';

const SPEC_ID = 'https://shiptrack.invalid/openapi.json';

/** The media type of a `Content-Type` value, in lower case, without parameters. */
function mediaTypeOf(contentType: string | null): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function isEmpty(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

/** One ajv error as a mismatch: the pointer names a missing or extra member itself. */
function mismatchOf(kind: SpecMismatchKind, error: ErrorObject): SpecMismatch {
  const params: Record<string, unknown> = error.params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return {
      kind,
      pointer: `${error.instancePath}/${params.missingProperty}`,
      message: 'is required by the spec and missing',
    };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      kind,
      pointer: `${error.instancePath}/${params.additionalProperty}`,
      message: 'is not a member the spec allows here',
    };
  }
  const allowed = Array.isArray(params.allowedValues)
    ? ` (allowed: ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')})`
    : '';
  return {
    kind,
    pointer: error.instancePath,
    message: `${error.message ?? 'is invalid'}${allowed}`,
  };
}

/**
 * The mismatches of ajv's errors, one per place: where several errors name
 * the same pointer (the branches of a `oneOf`), the first says it.
 */
function mismatchesOf(kind: SpecMismatchKind, errors: ErrorObject[] | null | undefined) {
  const byPointer = new Map<string, SpecMismatch>();
  for (const error of errors ?? []) {
    const mismatch = mismatchOf(kind, error);
    if (mismatch.pointer !== null && !byPointer.has(mismatch.pointer)) {
      byPointer.set(mismatch.pointer, mismatch);
    }
  }
  if (byPointer.size === 0) return [{ kind, pointer: '', message: 'does not match its schema' }];
  return [...byPointer.values()];
}

/** Builds the spec check (the spec is parsed here, each schema compiled on first use). */
export function createSpecCheck(): SpecCheck {
  const document: SpecObject = specDocument();
  const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
  addFormats(ajv);
  ajv.addSchema(document, SPEC_ID);
  const compiled = new Map<string, ValidateFunction>();

  const validate = (kind: SpecMismatchKind, media: Located, body: unknown): SpecMismatch[] => {
    const pointer = `${media.pointer}/schema`;
    let check = compiled.get(pointer);
    if (check === undefined) {
      check = ajv.getSchema(`${SPEC_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}`);
      if (check === undefined) throw new Error(`spec/openapi.yaml has no schema at ${pointer}.`);
      compiled.set(pointer, check);
    }
    return check(body) ? [] : mismatchesOf(kind, check.errors);
  };

  const checkBody = (operationId: OperationId, request: CheckedRequest): SpecMismatch[] => {
    const documented = documentedRequestBody(document, operationOf(document, operationId));
    const mismatch = (message: string): SpecMismatch[] => [
      { kind: 'request_body', pointer: '', message },
    ];
    if (isEmpty(request.body)) {
      return documented?.required === true ? mismatch(`${operationId} requires a body`) : [];
    }
    if (documented === undefined) return mismatch(`${operationId} takes no body`);
    const wanted = mediaTypeOf(request.contentType);
    const media = wanted === undefined ? undefined : documented.media.get(wanted);
    if (media === undefined) {
      return mismatch(
        `the content type ${wanted ?? '(none)'} is not documented for ${operationId} (documented: ${[...documented.media.keys()].join(', ')})`,
      );
    }
    return validate('request_body', media, request.body);
  };

  return {
    checkRequest(request) {
      const method = request.method === 'HEAD' ? 'GET' : request.method.toUpperCase();
      const match = matchOperation(method, request.path);
      if (match.kind !== 'operation') {
        const message =
          match.kind === 'unknown_path'
            ? `${request.path} is no path of the spec`
            : `${request.path} has no ${method} in the spec (it has ${match.allowed.join(', ')})`;
        return {
          operationId: null,
          mismatches: [{ kind: 'unknown_operation', pointer: null, message }],
        };
      }
      const mismatches: SpecMismatch[] = [];
      try {
        checkQuery(match.id, request.query);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        mismatches.push({ kind: 'request_query', pointer: null, message: error.message });
      }
      mismatches.push(...checkBody(match.id, request));
      return { operationId: match.id, mismatches };
    },

    checkResponse(operationId, response) {
      const operation = operationOf(document, operationId);
      const answer = documentedAnswer(document, operation, response.status);
      if (answer === undefined) {
        return [
          {
            kind: 'response_status',
            pointer: null,
            message: `status ${response.status} is not documented for ${operationId} (documented: ${documentedStatuses(document, operation).join(', ')})`,
          },
        ];
      }
      if (answer.media.size === 0) {
        if (isEmpty(response.body)) return [];
        return [
          {
            kind: 'response_content_type',
            pointer: null,
            message: `${operationId} documents no body for status ${answer.key}, but one was sent`,
          },
        ];
      }
      const documented = [...answer.media.keys()].join(', ');
      if (isEmpty(response.body)) {
        return [
          {
            kind: 'response_body',
            pointer: '',
            message: `${operationId} documents a body (${documented}) for status ${answer.key}, but none was sent`,
          },
        ];
      }
      const given = mediaTypeOf(response.contentType);
      const media = given === undefined ? undefined : answer.media.get(given);
      if (media === undefined) {
        return [
          {
            kind: 'response_content_type',
            pointer: null,
            message: `the content type ${given ?? '(none)'} is not documented for ${operationId} ${answer.key} (documented: ${documented})`,
          },
        ];
      }
      if (typeof response.body === 'string') {
        return [
          {
            kind: 'response_body',
            pointer: '',
            message: `the body is not the JSON document the spec describes for ${operationId} ${answer.key}`,
          },
        ];
      }
      return validate('response_body', media, response.body);
    },
  };
}
