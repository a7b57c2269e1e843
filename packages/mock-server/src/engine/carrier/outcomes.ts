/**
 * What the simulated carrier answers for a tracking number. Outcomes are a
 * pure function of the number, so a test picks the behaviour it wants by
 * picking the number (the table is in the package README).
 *
 * The "key" of a number is its last three digits before the check digit for
 * container numbers, and its last three characters otherwise.
 */
import { isValidContainerNumber, looksLikeContainerNumber } from '@shiptrack/sdk';
import type { RequestType } from '../records.js';

/** Keys with a documented special outcome. */
export const OUTCOME_KEYS = {
  notFound: '404',
  retriesExhausted: '503',
  awaitingManifest: '202',
} as const;

/** How a successful lookup continues: to the port, or by rail to an inland destination. */
export type Route = 'ocean' | 'rail';

/** What the carrier will answer for a number. */
export type CarrierOutcome =
  | { readonly kind: 'invalid_number' }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'retries_exhausted' }
  | { readonly kind: 'found'; readonly route: Route; readonly awaitingManifest: boolean };

/** Upper-cases and strips spaces, dashes and slashes, as the carrier does. */
export function normalizeTrackingNumber(number: string): string {
  return number.toUpperCase().replace(/[\s\-/]/g, '');
}

/** The three characters that select the outcome (see the module comment). */
export function outcomeKey(requestType: RequestType, normalized: string): string {
  if (requestType === 'container' && looksLikeContainerNumber(normalized)) {
    return normalized.slice(7, 10);
  }
  return normalized.slice(-3);
}

const SHIPMENT_NUMBER = /^[A-Z0-9]{6,30}$/;

/**
 * Decides the carrier's answer for a number: invalid (bad ISO 6346 check
 * digit or shape), not found, retries exhausted, or found (ocean or rail,
 * possibly after waiting for the manifest). Keys 700-799 go by rail.
 */
export function carrierOutcome(requestType: RequestType, number: string): CarrierOutcome {
  const normalized = normalizeTrackingNumber(number);
  if (
    requestType === 'container'
      ? !isValidContainerNumber(normalized)
      : !SHIPMENT_NUMBER.test(normalized)
  ) {
    return { kind: 'invalid_number' };
  }
  const key = outcomeKey(requestType, normalized);
  if (key === OUTCOME_KEYS.notFound) return { kind: 'not_found' };
  if (key === OUTCOME_KEYS.retriesExhausted) return { kind: 'retries_exhausted' };
  return {
    kind: 'found',
    route: /^7\d\d$/.test(key) ? 'rail' : 'ocean',
    awaitingManifest: key === OUTCOME_KEYS.awaitingManifest,
  };
}
