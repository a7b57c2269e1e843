/**
 * `@shiptrack/sdk/testing`: what a test of a webhook receiver needs to play
 * the service: realistic sample deliveries of every event, the signature of
 * a body, and signed deliveries ready to send.
 */
export {
  createSampleWebhookPayload,
  type SampleWebhookPayloadOptions,
} from './webhooks/sample-payload.js';
export { signPayload, WEBHOOK_SIGNATURE_HEADER } from './webhooks/sign.js';
export {
  createSignedDelivery,
  type SignedDelivery,
  type SignedDeliveryOptions,
} from './webhooks/testing.js';
