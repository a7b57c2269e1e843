import { containerCheckDigit } from '@shiptrack/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonBody } from './harness.js';
import { inProcessHarness } from './harness.js';

const h = inProcessHarness({ dataset: 'empty' });
afterAll(() => h.close());

const valid = (firstTen: string) => `${firstTen}${containerCheckDigit(firstTen)}`;

async function infer(number: string) {
  const response = await h.api('POST', '/tracking_requests/infer_number', {
    body: { number },
    contentType: 'application/json',
  });
  expect(response.status).toBe(200);
  expect(response.body.data.type).toBe('infer_number_results');
  return response.body.data.attributes;
}

describe('infer number', () => {
  it('selects the carrier of its own containers from the owner code', async () => {
    const result = await infer(valid('MSCU123456').toLowerCase());
    expect(result).toMatchObject({
      number_type: 'container',
      validation: { is_valid: true, type: 'container', check_digit_passed: true },
      shipping_line: { decision: 'auto_select', selected: { scac: 'MSCU' } },
    });
  });

  it('never guesses the carrier from a lessor owner code', async () => {
    for (const owner of ['CAIU', 'TGHU', 'TCLU']) {
      const result = await infer(valid(`${owner}123456`));
      expect(result.validation.is_valid).toBe(true);
      expect(result.shipping_line).toEqual({
        decision: 'no_prediction',
        selected: null,
        candidates: [],
      });
    }
  });

  it('asks for confirmation when an owner code is shared by a carrier group', async () => {
    const result = await infer(valid('MSKU123456'));
    expect(result.shipping_line.decision).toBe('needs_confirmation');
    expect(result.shipping_line.candidates.map((c: JsonBody) => c.scac)).toContain('MAEU');
  });

  it('reports a failed check digit', async () => {
    const number = `MSCU123456${(containerCheckDigit('MSCU123456') + 1) % 10}`;
    const result = await infer(number);
    expect(result.validation).toMatchObject({
      is_valid: false,
      check_digit_passed: false,
      reason: expect.any(String),
    });
    expect(result.shipping_line.decision).toBe('no_prediction');
  });

  it('recognises bill of lading prefixes and Maersk-style booking numbers', async () => {
    expect(await infer('MEDUQ4821563')).toMatchObject({
      number_type: 'bill_of_lading',
      validation: { type: 'shipment' },
      shipping_line: { decision: 'auto_select', selected: { scac: 'MSCU' } },
    });
    expect(await infer('241038926')).toMatchObject({
      number_type: 'booking',
      shipping_line: { decision: 'needs_confirmation' },
    });
    expect(await infer('XYZ-12')).toMatchObject({
      number_type: null,
      validation: { is_valid: false },
    });
  });
});
