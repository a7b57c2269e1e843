import { describe, expect, it } from 'vitest';
import { feeTotals } from './fees.js';

describe('feeTotals', () => {
  it('adds fees up per currency, never across currencies', () => {
    expect(
      feeTotals([
        { type: 'demurrage', amount: 300, currencyCode: 'USD' },
        { type: 'exam', amount: 150.5, currencyCode: 'USD' },
        { type: 'demurrage', amount: 90, currencyCode: 'EUR' },
      ]),
    ).toEqual([
      { currencyCode: 'USD', amount: 450.5, source: 'sum' },
      { currencyCode: 'EUR', amount: 90, source: 'sum' },
    ]);
  });

  it("takes the terminal's own total for its currency", () => {
    expect(
      feeTotals([
        { type: 'demurrage', amount: 300, currencyCode: 'USD' },
        { type: 'total', amount: 320, currencyCode: 'USD' },
      ]),
    ).toEqual([{ currencyCode: 'USD', amount: 320, source: 'service' }]);
  });

  it('keeps fees without a currency apart', () => {
    expect(
      feeTotals([
        { type: 'other', amount: 10 },
        { type: 'other', amount: 5, currencyCode: 'USD' },
      ]),
    ).toEqual([
      { currencyCode: null, amount: 10, source: 'sum' },
      { currencyCode: 'USD', amount: 5, source: 'sum' },
    ]);
  });
});
