/**
 * Contract checks against `spec/openapi.yaml`: responses, request bodies and
 * webhook deliveries are validated with ajv (JSON Schema 2020-12, the dialect
 * of OpenAPI 3.1). Compiled validators are cached per spec, so a validator can
 * be called thousands of times in a test run.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  child,
  escapePointerSegment,
  isSpecObject,
  type Located,
  loadSpec,
  SPEC_PATH,
  type SpecObject,
} from './spec-document.js';
import { RouteTable, type SpecOperation } from './spec-routes.js';

/** A response as seen on the wire. */
export interface ResponseUnderTest {
  method: string;
  /** Absolute or relative URL, with or without the `/v2` prefix and query. */
  url: string;
  status: number;
  /** The parsed JSON body; `undefined` (or `''`) for an empty body. */
  body: unknown;
  /** The `Content-Type` header; when given it must be a documented media type. */
  contentType?: string;
}

/** A request body as sent on the wire. */
export interface RequestUnderTest {
  method: string;
  url: string;
  body: unknown;
}

/** Validates wire data against the OpenAPI description. */
export interface ContractValidator {
  /** Throws a {@link ContractViolationError} unless the response is documented and matches its schema. */
  assertResponse(response: ResponseUnderTest): void;
  /** Throws a {@link ContractViolationError} unless the request body matches the operation's schema. */
  assertRequestBody(request: RequestUnderTest): void;
  /** Throws a {@link ContractViolationError} unless the delivery matches the `webhooks` entry of its event. */
  assertWebhookBody(body: unknown): void;
  /** Returns the mismatches of a value against `components.schemas[name]` (empty when it matches). */
  validateSchema(name: string, value: unknown): string[];
  /** Returns the mismatches of a value against the schema at a JSON Pointer of the spec, e.g. `/components/schemas/Port`. */
  validateAt(pointer: string, value: unknown): string[];
}

/** Options of {@link createContractValidator}. */
export interface ContractValidatorOptions {
  /** Path of the OpenAPI document; defaults to the repository's `spec/openapi.yaml`. */
  specPath?: string;
}

/** Thrown when wire data does not match the spec; `violations` lists each mismatch. */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
  readonly violations: string[];

  constructor(subject: string, violations: string[]) {
    super(
      `${subject} does not match spec/openapi.yaml:\n${violations.map((v) => `  - ${v}`).join('\n')}\n` +
        'Fix the sender, or change spec/openapi.yaml if the spec is wrong (then run `pnpm generate`).',
    );
    this.violations = violations;
  }
}

const SPEC_ID = 'https://shiptrack.invalid/openapi.json';
const validators = new Map<string, ContractValidator>();

/** Returns the (cached) contract validator of the spec. */
export function createContractValidator(options: ContractValidatorOptions = {}): ContractValidator {
  const path = options.specPath ?? SPEC_PATH;
  let validator = validators.get(path);
  if (!validator) {
    validator = buildValidator(loadSpec(path));
    validators.set(path, validator);
  }
  return validator;
}

function buildValidator(document: SpecObject): ContractValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
  addFormats(ajv);
  ajv.addSchema(withoutDiscriminatorMappings(document), SPEC_ID);
  const routes = new RouteTable(document);
  const compiled = new Map<string, ValidateFunction>();

  const compileAt = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = ajv.getSchema(`${SPEC_ID}#${fragment}`);
      if (!validate) throw new Error(`No schema at ${pointer} in spec/openapi.yaml.`);
      compiled.set(pointer, validate);
    }
    return validate;
  };

  const genericWebhook = ajv.compile({
    type: 'object',
    required: ['data'],
    properties: {
      data: { $ref: `${SPEC_ID}#/components/schemas/WebhookNotification` },
      included: { type: 'array', items: { type: 'object', required: ['id', 'type'] } },
    },
  });

  const operationOf = (method: string, url: string, subject: string): SpecOperation => {
    const found = routes.find(method, url);
    if (typeof found === 'string') throw new ContractViolationError(subject, [found]);
    return found;
  };

  return {
    assertResponse({ method, url, status, body, contentType }) {
      const subject = `Response ${status} to ${method.toUpperCase()} ${url}`;
      const operation = operationOf(method, url, subject);
      const response = findResponse(document, operation, status);
      if (!response) {
        const documented = Object.keys(responsesOf(operation)).join(', ');
        throw new ContractViolationError(subject, [
          `status ${status} is not documented for ${operation.operationId} (documented: ${documented})`,
        ]);
      }
      const media = pickMediaType(document, response, contentType);
      if (typeof media === 'string') throw new ContractViolationError(subject, [media]);
      if (!media) {
        if (isEmpty(body)) return;
        throw new ContractViolationError(subject, [
          `${operation.operationId} documents no body for status ${status}, but one was sent`,
        ]);
      }
      check(compileAt(`${media.pointer}/schema`), body, subject);
    },

    assertRequestBody({ method, url, body }) {
      const subject = `Request body of ${method.toUpperCase()} ${url}`;
      const operation = operationOf(method, url, subject);
      const requestBody = child(document, operation, 'requestBody');
      if (!requestBody) {
        if (isEmpty(body)) return;
        throw new ContractViolationError(subject, [
          `${operation.operationId} takes no request body`,
        ]);
      }
      if (isEmpty(body)) {
        if (requestBody.value.required === true) {
          throw new ContractViolationError(subject, [`${operation.operationId} requires a body`]);
        }
        return;
      }
      const media = pickMediaType(document, requestBody, undefined);
      if (media && typeof media !== 'string')
        check(compileAt(`${media.pointer}/schema`), body, subject);
    },

    assertWebhookBody(body) {
      const event = eventOf(body);
      const subject = `Webhook delivery${event ? ` of ${event}` : ''}`;
      const pointer = event ? webhookSchemaPointer(document, event) : undefined;
      if (pointer) return check(compileAt(pointer), body, subject);
      // The notification schema accepts event names it does not list (clients must tolerate
      // them), but a sender under test may only deliver the events the spec documents.
      const violations = genericWebhook(body) ? [] : describeErrors(genericWebhook.errors);
      if (event !== undefined) {
        violations.push(`/data/attributes/event: "${event}" has no entry in the spec's webhooks`);
      }
      if (violations.length > 0) throw new ContractViolationError(subject, violations);
    },

    validateSchema(name, value) {
      const schemas = isSpecObject(document.components) ? document.components.schemas : undefined;
      if (!isSpecObject(schemas) || !(name in schemas)) {
        return [`components.schemas has no schema named ${name}`];
      }
      const validate = compileAt(`/components/schemas/${escapePointerSegment(name)}`);
      return validate(value) ? [] : describeErrors(validate.errors);
    },

    validateAt(pointer, value) {
      const validate = compileAt(pointer);
      return validate(value) ? [] : describeErrors(validate.errors);
    },
  };
}

function responsesOf(operation: SpecOperation): SpecObject {
  return isSpecObject(operation.value.responses) ? operation.value.responses : {};
}

function findResponse(
  document: SpecObject,
  operation: SpecOperation,
  status: number,
): Located | undefined {
  const responses = child(document, operation, 'responses');
  if (!responses) return undefined;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, 'default']) {
    const response = child(document, responses, key);
    if (response) return response;
  }
  return undefined;
}

function pickMediaType(
  document: SpecObject,
  owner: Located,
  contentType: string | undefined,
): Located | string | undefined {
  const content = child(document, owner, 'content');
  if (!content) return undefined;
  const documented = Object.keys(content.value);
  const wanted = contentType?.split(';')[0]?.trim().toLowerCase() ?? documented[0];
  if (wanted === undefined) return undefined;
  const media = child(document, content, wanted);
  if (!media)
    return `content type ${wanted} is not documented (documented: ${documented.join(', ')})`;
  return media;
}

function webhookSchemaPointer(document: SpecObject, event: string): string | undefined {
  const webhooks = document.webhooks;
  if (!isSpecObject(webhooks) || !isSpecObject(webhooks[event])) return undefined;
  return `/webhooks/${escapePointerSegment(event)}/post/requestBody/content/application~1json/schema`;
}

function eventOf(body: unknown): string | undefined {
  if (!isSpecObject(body) || !isSpecObject(body.data)) return undefined;
  const attributes = body.data.attributes;
  return isSpecObject(attributes) && typeof attributes.event === 'string'
    ? attributes.event
    : undefined;
}

function isEmpty(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

function check(validate: ValidateFunction, value: unknown, subject: string): void {
  if (!validate(value)) throw new ContractViolationError(subject, describeErrors(validate.errors));
}

/** Turns ajv errors into one readable line each, naming the instance path. */
function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  if (!errors || errors.length === 0) return ['the value does not match its schema'];
  const lines = errors.map((error) => {
    const where = error.instancePath === '' ? '(root)' : error.instancePath;
    return `${where}: ${error.message ?? 'is invalid'}${detailOf(error)}`;
  });
  return [...new Set(lines)];
}

function detailOf(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params;
  if (Array.isArray(params.allowedValues))
    return ` (allowed: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  if (typeof params.additionalProperty === 'string') return ` (${params.additionalProperty})`;
  if (error.keyword === 'discriminator' && params.tagValue !== undefined) {
    return ` (got ${JSON.stringify(params.tagValue)})`;
  }
  return '';
}

/**
 * ajv's `discriminator` keyword rejects `mapping` (it reads each branch's
 * `type` value instead, which says the same); the mapping exists for type
 * generators, so it is dropped from the copy that ajv compiles.
 */
function withoutDiscriminatorMappings<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key: string, node: unknown) => {
    if (key !== 'discriminator' || typeof node !== 'object' || node === null) return node;
    const { mapping: _mapping, ...rest } = node as Record<string, unknown>;
    return rest;
  }) as T;
}
