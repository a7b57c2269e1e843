/**
 * `@shiptrack/sdk/testing`: what a test of a webhook receiver needs to play
 * the service: realistic sample deliveries of every event, the signature of
 * a body, signed deliveries ready to send, and the sample world they all
 * describe (the mock server's sample deliveries describe the same one),
 * and a reset of the client-side rate limits shared in the process.
 */
export { resetSharedRateLimits } from './core/rate-limit.js';
export {
  createSampleWebhookPayload,
  type SampleWebhookPayloadOptions,
} from './webhooks/sample-payload.js';
export {
  SAMPLE_WORLD,
  type SampleChange,
  type SamplePlaceRole,
  type SamplePort,
  type SampleTerminal,
  type SampleWorld,
  sampleMilestonePlace,
} from './webhooks/sample-world.js';
export { signPayload, WEBHOOK_SIGNATURE_HEADER } from './webhooks/sign.js';
export {
  createSignedDelivery,
  type SignedDelivery,
  type SignedDeliveryOptions,
} from './webhooks/testing.js';
