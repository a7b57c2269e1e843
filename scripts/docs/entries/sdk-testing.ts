/**
 * Signed sample deliveries and signing, for testing a webhook receiver.
 *
 * @module @shiptrack/sdk/testing
 */
export * from '@shiptrack/sdk/testing';
