import type { Operation } from '../operation.js';
import { CONTAINER_OPERATIONS } from './containers.js';
import { REFERENCE_OPERATIONS } from './reference.js';
import { SHIPMENT_OPERATIONS } from './shipments.js';
import { TRACKING_REQUEST_OPERATIONS } from './tracking-requests.js';
import { WEBHOOK_OPERATIONS } from './webhooks.js';

/**
 * Every SDK operation as a command: one entry each, whose `run` is the
 * SDK call with the command's arguments. Registration (register.ts) turns
 * the entries into commander commands, so each command's options, help and
 * completion come from here.
 */
export const OPERATIONS: readonly Operation[] = [
  ...SHIPMENT_OPERATIONS,
  ...CONTAINER_OPERATIONS,
  ...TRACKING_REQUEST_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...REFERENCE_OPERATIONS,
];
