/**
 * The SDK's mapped models as zod schemas, without the client.
 *
 * @module @shiptrack/sdk/mapped
 */
export * from '@shiptrack/sdk/mapped';
