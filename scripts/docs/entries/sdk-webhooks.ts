/**
 * The SDK's webhook toolkit: verification, typed events, the handler, idempotency and the IP allow-list.
 *
 * @module @shiptrack/sdk/webhooks
 */
export * from '@shiptrack/sdk/webhooks';
