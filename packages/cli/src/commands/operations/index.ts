import { GENERATED_OPERATIONS } from '../../generated/operations.js';
import type { Operation } from '../operation.js';
import { CONTAINER_OPERATIONS } from './containers.js';
import { CUSTOM_FIELD_OPERATIONS } from './custom-fields.js';
import { DOCUMENT_OPERATIONS } from './documents.js';
import { PARTY_OPERATIONS } from './parties.js';
import { recordCustomFieldOperations } from './record-custom-fields.js';
import { REFERENCE_OPERATIONS } from './reference.js';
import { SHIPMENT_OPERATIONS } from './shipments.js';
import { TRACKING_REQUEST_OPERATIONS } from './tracking-requests.js';
import { WEBHOOK_OPERATIONS } from './webhooks.js';

/**
 * Every SDK operation as a command: one entry each, whose `run` is the
 * SDK call with the command's arguments. Those that are one SDK call each
 * are generated from the spec (`generated/operations.ts`); the files here
 * hold the commands that do more. Registration (register.ts) turns
 * the entries into commander commands, so each command's options, help and
 * completion come from here.
 */
export const OPERATIONS: readonly Operation[] = [
  ...GENERATED_OPERATIONS,
  ...SHIPMENT_OPERATIONS,
  ...recordCustomFieldOperations('shipments'),
  ...CONTAINER_OPERATIONS,
  ...recordCustomFieldOperations('containers'),
  ...TRACKING_REQUEST_OPERATIONS,
  ...recordCustomFieldOperations('tracking-requests'),
  ...WEBHOOK_OPERATIONS,
  ...REFERENCE_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...CUSTOM_FIELD_OPERATIONS,
  ...PARTY_OPERATIONS,
];
