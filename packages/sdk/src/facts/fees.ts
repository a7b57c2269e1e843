/** A fee as the service reports it (camelCased). */
export interface ReportedFee {
  type: string | null;
  /** `null` when the terminal gave no amount (left out of the totals). */
  amount: number | null;
  currencyCode?: string | null;
}

/** The fees of one currency added up. */
export interface FeeTotal {
  /** ISO 4217 code; `null` when the terminal did not say. */
  currencyCode: string | null;
  amount: number;
  /** `service` when the terminal sent its own `total` fee, else `sum` of the fees listed. */
  source: 'service' | 'sum';
}

/**
 * Adds fees up per currency, never across currencies. A `total` fee the
 * terminal sent is its own figure for that currency and is taken as is;
 * otherwise the other fees of the currency are summed.
 */
export function feeTotals(fees: readonly ReportedFee[]): FeeTotal[] {
  const sums = new Map<string | null, number>();
  const reported = new Map<string | null, number>();
  for (const fee of fees) {
    if (fee.amount === null) continue;
    const currency = fee.currencyCode ?? null;
    if (fee.type === 'total') reported.set(currency, (reported.get(currency) ?? 0) + fee.amount);
    else sums.set(currency, (sums.get(currency) ?? 0) + fee.amount);
  }
  const currencies = new Set([...sums.keys(), ...reported.keys()]);
  return [...currencies].map((currencyCode) => {
    const own = reported.get(currencyCode);
    return own === undefined
      ? { currencyCode, amount: round(sums.get(currencyCode) ?? 0), source: 'sum' }
      : { currencyCode, amount: round(own), source: 'service' };
  });
}

function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}
