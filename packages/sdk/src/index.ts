export { ShiptrackError, type ShiptrackErrorOptions } from './core/errors.js';
export {
  containerCheckDigit,
  isValidContainerNumber,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from './numbers/iso6346.js';
export { type RawBody, signPayload, WEBHOOK_SIGNATURE_HEADER } from './webhooks/sign.js';
