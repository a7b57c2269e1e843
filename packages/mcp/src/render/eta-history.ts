import type { AttributeChange } from '@shiptrack/mirror';
import { when } from './format.js';

/** Changes listed at most; the earliest ones are left out first. */
const HISTORY_LIMIT = 30;

/** What each estimate attribute is, in words. */
const NAMES: Readonly<Record<string, string>> = {
  pod_eta_at: 'ETA at the port of discharge',
  destination_eta_at: 'ETA at the destination',
  pol_etd_at: 'ETD from the port of lading',
  ind_eta_at: 'inland ETA',
};

function shift(change: AttributeChange): string {
  const before = typeof change.oldValue === 'string' ? Date.parse(change.oldValue) : Number.NaN;
  const after = typeof change.newValue === 'string' ? Date.parse(change.newValue) : Number.NaN;
  if (Number.isNaN(before) || Number.isNaN(after)) return '';
  const hours = Math.round((after - before) / 3_600_000);
  return hours === 0 ? ' (same hour)' : ` (${hours > 0 ? '+' : ''}${hours} h)`;
}

function shownValue(value: unknown): string {
  return typeof value === 'string' ? when(value) : value === null ? '-' : JSON.stringify(value);
}

/**
 * The ETA history a mirror kept for a container and its shipment, as the
 * lines of a prompt: each change with when the service reported it, the
 * value before and after, and by how many hours it moved.
 */
export function renderEtaHistory(history: readonly AttributeChange[]): string {
  if (history.length === 0) {
    return 'ETA history (from the mirror): no estimate has changed since the mirror first saw this container.';
  }
  const shown = history.slice(-HISTORY_LIMIT);
  const omitted = history.length - shown.length;
  return [
    `ETA history (from the mirror, every change the service reported, oldest first${omitted > 0 ? `; ${omitted} earlier left out` : ''}):`,
    ...shown.map(
      (change) =>
        `- ${when(change.changedAt)}: ${NAMES[change.attribute] ?? change.attribute} ${shownValue(change.oldValue)} -> ${shownValue(change.newValue)}${shift(change)}`,
    ),
  ].join('\n');
}
