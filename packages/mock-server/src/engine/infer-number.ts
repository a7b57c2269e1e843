/**
 * Inferring the kind and carrier of a tracking number. The carrier is only
 * guessed from what really identifies it: the owner code of a carrier's own
 * containers, or the prefix of its bills of lading. Leased containers
 * (lessor owner codes such as CAIU, TGHU, TCLU) sail with any carrier, so
 * the answer for them is `no_prediction`, never a guess.
 */
import { isValidContainerNumber, looksLikeContainerNumber } from '@shiptrack/sdk';
import { normalizeTrackingNumber } from './carrier/outcomes.js';
import {
  BL_PREFIX_CARRIERS,
  LESSOR_OWNER_CODES,
  OWNER_CODE_CARRIERS,
  SHARED_OWNER_CODES,
} from './reference/shipping-lines.js';
import type { Store } from './store.js';

/** A carrier guess. */
export interface ShippingLinePrediction {
  scac: string;
  name: string;
  confidence: number;
}

/** The attributes of an `infer_number_results` resource. */
export interface InferNumberAttributes {
  number_type: 'container' | 'bill_of_lading' | 'booking' | null;
  validation: {
    is_valid: boolean;
    type: 'container' | 'shipment' | null;
    check_digit_passed: boolean | null;
    parsed_number: string | null;
    reason: string | null;
  };
  shipping_line: {
    decision: 'auto_select' | 'needs_confirmation' | 'no_prediction';
    selected: ShippingLinePrediction | null;
    candidates: ShippingLinePrediction[];
  };
}

const SHIPMENT_NUMBER = /^[A-Z0-9]{6,30}$/;
// Maersk-group bookings and bills of lading are nine digits without a prefix.
const MAERSK_GROUP_NUMBER = /^\d{9}$/;

function prediction(store: Store, scac: string, confidence: number): ShippingLinePrediction {
  return { scac, name: store.shippingLineByScac(scac)?.name ?? scac, confidence };
}

function noPrediction(): InferNumberAttributes['shipping_line'] {
  return { decision: 'no_prediction', selected: null, candidates: [] };
}

function containerCarrier(store: Store, ownerCode: string): InferNumberAttributes['shipping_line'] {
  if (LESSOR_OWNER_CODES.has(ownerCode)) return noPrediction();
  const shared = SHARED_OWNER_CODES.get(ownerCode);
  if (shared !== undefined) {
    const [first] = shared;
    return {
      decision: 'needs_confirmation',
      selected: null,
      candidates: shared.map((scac) =>
        prediction(store, scac, scac === first ? 0.6 : 0.4 / (shared.length - 1)),
      ),
    };
  }
  const scac = OWNER_CODE_CARRIERS.get(ownerCode);
  if (scac === undefined) return noPrediction();
  const selected = prediction(store, scac, 0.95);
  return { decision: 'auto_select', selected, candidates: [selected] };
}

function shipmentCarrier(store: Store, number: string): InferNumberAttributes['shipping_line'] {
  const scac = BL_PREFIX_CARRIERS.get(number.slice(0, 4));
  if (scac !== undefined) {
    const selected = prediction(store, scac, 0.9);
    return { decision: 'auto_select', selected, candidates: [selected] };
  }
  if (MAERSK_GROUP_NUMBER.test(number)) {
    return {
      decision: 'needs_confirmation',
      selected: null,
      candidates: [
        prediction(store, 'MAEU', 0.7),
        prediction(store, 'SEAU', 0.2),
        prediction(store, 'SAFM', 0.1),
      ],
    };
  }
  return noPrediction();
}

/** Analyses a number: its kind, whether it is valid, and which carrier it belongs to. */
export function inferNumber(store: Store, raw: string): InferNumberAttributes {
  const number = normalizeTrackingNumber(raw);
  if (looksLikeContainerNumber(number)) {
    const passed = isValidContainerNumber(number);
    return {
      number_type: 'container',
      validation: {
        is_valid: passed,
        type: 'container',
        check_digit_passed: passed,
        parsed_number: number,
        reason: passed
          ? null
          : 'The ISO 6346 check digit does not match; check the number for typos.',
      },
      shipping_line: passed ? containerCarrier(store, number.slice(0, 4)) : noPrediction(),
    };
  }
  if (!SHIPMENT_NUMBER.test(number)) {
    return {
      number_type: null,
      validation: {
        is_valid: false,
        type: null,
        check_digit_passed: null,
        parsed_number: number === '' ? null : number,
        reason:
          'A tracking number has 6 to 30 letters and digits (container: 4 letters and 7 digits).',
      },
      shipping_line: noPrediction(),
    };
  }
  return {
    number_type: /^\d+$/.test(number) ? 'booking' : 'bill_of_lading',
    validation: {
      is_valid: true,
      type: 'shipment',
      check_digit_passed: null,
      parsed_number: number,
      reason: null,
    },
    shipping_line: shipmentCarrier(store, number),
  };
}
