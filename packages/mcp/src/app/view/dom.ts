/** A small DOM builder: text always goes in as text, never as markup. */

/** Children of an element: nodes, text, or nothing. */
export type Child = Node | string | null | undefined | false;

/** Creates an element with attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Formats an ISO instant as a date and time in UTC (the zone the data is given in). */
export function formatWhen(iso: string | null, locale: string | undefined): string {
  if (!iso) return 'not reported';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale ?? 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** Formats a `YYYY-MM-DD` day with its weekday. */
export function formatDay(day: string, locale: string | undefined): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale ?? 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Formats an amount of money. */
export function formatMoney(
  amount: number,
  currency: string | null,
  locale: string | undefined,
): string {
  if (!currency) return amount.toFixed(2);
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
