/**
 * Typed client for the Shipment and Container Tracking Service: raw and mapped responses, typed errors, retries, rate limits, pagination and webhooks.
 *
 * @module @shiptrack/sdk
 */
export * from '@shiptrack/sdk';
