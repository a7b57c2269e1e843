import { usageError } from '../errors/cli-error.js';

const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** An ISO 8601 time (a bare date is midnight UTC) as an instant; a usage error naming `flag` otherwise. */
export function parseInstant(text: string, flag: string): Date {
  const trimmed = text.trim();
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed) || Number.isNaN(at.getTime())) {
    throw usageError(
      `${flag} "${text}": pass an ISO 8601 time such as 2025-03-01T08:00:00Z, or a date (midnight UTC).`,
    );
  }
  return at;
}

/**
 * `--since` as people type it: a window back from `now` (`90m`, `24h`,
 * `1d`, `2w`) or an ISO 8601 time or date (midnight UTC). Anything else, or
 * a time after `now`, is a usage error saying the forms it takes.
 */
export function parseSince(text: string, now: Date): Date {
  const window = /^(\d+(?:\.\d+)?)\s*(m|h|d|w)$/i.exec(text.trim());
  const since = window
    ? new Date(now.getTime() - Number(window[1]) * (UNIT_MS[window[2]?.toLowerCase() ?? ''] ?? 0))
    : parseInstant(text, '--since');
  if (since.getTime() > now.getTime()) {
    throw usageError(
      `--since "${text}" is after now (${now.toISOString()}): pass a time in the past, or a window such as 24h or 1d.`,
    );
  }
  return since;
}
