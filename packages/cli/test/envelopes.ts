/** JSON Schemas of the CLI's documented envelopes (README "The JSON envelope"). */
import { Ajv } from 'ajv';

const ajv = new Ajv({ strict: false });
/** The success envelope's schema, checked on every success a test reads. */
export const validSuccess = ajv.compile({
  type: 'object',
  required: ['ok', 'data'],
  additionalProperties: false,
  properties: {
    ok: { const: true },
    data: {},
    page: {
      type: 'object',
      required: ['page', 'pageSize', 'count', 'total', 'hasMore'],
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1 },
        pageSize: { type: ['integer', 'null'] },
        count: { type: 'integer' },
        total: { type: ['integer', 'null'] },
        hasMore: { type: 'boolean' },
      },
    },
  },
});
/** The error envelope's schema, checked on every failure a test reads. */
export const validError = ajv.compile({
  type: 'object',
  required: ['ok', 'error'],
  additionalProperties: false,
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      additionalProperties: false,
      required: [
        'code',
        'message',
        'exitCode',
        'status',
        'retryable',
        'retryAfterSeconds',
        'requestId',
      ],
      properties: {
        code: { type: 'string', pattern: '^[a-z_]+$' },
        message: { type: 'string', pattern: '^[^\\n]+$' },
        exitCode: { type: 'integer' },
        status: { type: ['integer', 'null'] },
        retryable: { type: 'boolean' },
        retryAfterSeconds: { type: ['integer', 'null'] },
        requestId: { type: ['string', 'null'] },
      },
    },
  },
});
