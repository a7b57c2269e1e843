import { describe, expect, it } from 'vitest';
import {
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
} from '../core/tracking-errors.js';
import type { MappedInferNumberResult } from '../mapped/tracking.js';
import { readTrackingNumber, settleNumberInference } from './number-inference.js';

function inference(extra: Partial<MappedInferNumberResult>): MappedInferNumberResult {
  return {
    id: 'i1',
    type: 'infer_number_results',
    numberType: null,
    validation: null,
    shippingLine: null,
    ...extra,
  };
}

describe('readTrackingNumber', () => {
  it('normalizes a container number and reads its type from the check digit', () => {
    expect(readTrackingNumber(' mscu 123456 6 ')).toEqual({
      number: 'MSCU1234566',
      numberType: 'container',
    });
  });

  it('refuses a container number with a wrong check digit before any request', () => {
    expect(() => readTrackingNumber('MSCU1234567')).toThrow(InvalidTrackingNumberError);
    expect(() => readTrackingNumber('MSCU1234567')).toThrow(
      /check digit does not match \(6 expected\)/,
    );
  });

  it('takes a given type as is, and leaves other numbers to the service', () => {
    expect(readTrackingNumber('MSCU1234567', { type: 'booking_number' })).toEqual({
      number: 'MSCU1234567',
      numberType: 'booking_number',
    });
    expect(readTrackingNumber(' MAEU240511987 ')).toEqual({
      number: 'MAEU240511987',
      numberType: undefined,
    });
  });
});

describe('settleNumberInference', () => {
  it('takes the carrier only when the service selected it', () => {
    const selected = { scac: 'MAEU', name: 'Maersk', confidence: 0.97 };
    expect(
      settleNumberInference(
        'MAEU240511987',
        inference({ numberType: 'booking', shippingLine: { decision: 'auto_select', selected } }),
      ),
    ).toEqual({
      numberType: 'booking_number',
      scac: 'MAEU',
      decision: 'auto_select',
      candidates: [{ scac: 'MAEU', name: 'Maersk', confidence: 0.97 }],
    });
    const unsure = settleNumberInference(
      '240511987',
      inference({
        numberType: 'bill_of_lading',
        shippingLine: {
          decision: 'needs_confirmation',
          candidates: [
            { scac: 'MAEU', name: 'Maersk', confidence: 0.7 },
            { scac: 'SEAU', name: 'Sealand', confidence: 0.2 },
          ],
        },
      }),
    );
    expect(unsure).toMatchObject({ scac: undefined, decision: 'needs_confirmation' });
    expect(unsure.candidates.map((c) => c.scac)).toEqual(['MAEU', 'SEAU']);
  });

  it('keeps what the caller knew', () => {
    expect(
      settleNumberInference('X1', inference({ numberType: 'container' }), {
        type: 'bill_of_lading',
        scac: 'HLCU',
      }),
    ).toMatchObject({ numberType: 'bill_of_lading', scac: 'HLCU', decision: 'no_prediction' });
  });

  it('refuses a number the service calls invalid, and one of no known type', () => {
    expect(() =>
      settleNumberInference(
        '??',
        inference({ validation: { isValid: false, reason: 'too short' } }),
      ),
    ).toThrow(InvalidTrackingNumberError);
    expect(() => settleNumberInference('ABC123', inference({ numberType: 'pallet' }))).toThrow(
      NumberTypeNotDeterminedError,
    );
  });
});
