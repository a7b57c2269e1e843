import { usageError } from '../errors/cli-error.js';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration as people type it (`500ms`, `30s`, `2m`, `1.5h`; a bare number
 * is seconds), in milliseconds. Anything else, zero or less included, is a
 * usage error naming the flag and the forms it takes.
 */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000) : Number.NaN;
  if (!(ms > 0)) {
    throw usageError(
      `${flag} "${text}": pass a duration above 0 such as 30s, 2m, 1h or 500ms (a bare number is seconds).`,
    );
  }
  return ms;
}
