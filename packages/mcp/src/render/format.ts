import { inline } from '../core/inline.js';

/** A timestamp as `YYYY-MM-DD HH:MM UTC`, or `-` when absent; a value that is no time, {@link inline}. */
export function when(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return inline(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A value ({@link inline}) or `-` when absent. */
export function shown(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : inline(String(value));
}

/** An amount with its currency (or "currency not reported"). */
export function money(amount: number | null, currencyCode: string | null | undefined): string {
  if (amount === null) return 'amount not reported';
  return `${amount.toFixed(2)} ${currencyCode ?? '(currency not reported)'}`;
}
