import { InvalidArgumentError } from '../../core/errors.js';

/** When a situation counts as needing attention. */
export interface AttentionThresholds {
  /** Days left to the last free day, at most, for it to count as soon (overdue always counts). */
  readonly lastFreeDayWithinDays: number;
  /** Calendar days (at the place) an ETA must be later than the first one reported to count as slipped. */
  readonly etaSlippedDays: number;
  /** Hours a discharged box may stay not available before it counts. */
  readonly notAvailableAfterHours: number;
  /** Days without a successful check at the carrier, while in transit, before it counts. */
  readonly noUpdateDays: number;
}

/**
 * The default thresholds: a last free day within 3 days (the window of
 * `shiptrack demurrage` and `list_containers_at_risk`), an ETA a day or more
 * late, a box not available 24 hours after discharge, a week without news
 * from the carrier while in transit.
 */
export const DEFAULT_ATTENTION_THRESHOLDS: AttentionThresholds = Object.freeze({
  lastFreeDayWithinDays: 3,
  etaSlippedDays: 1,
  notAvailableAfterHours: 24,
  noUpdateDays: 7,
});

const NAMES = Object.keys(DEFAULT_ATTENTION_THRESHOLDS);

function isThreshold(name: string): name is keyof AttentionThresholds {
  return NAMES.includes(name);
}

/**
 * The thresholds to use: the defaults with `given` on top. An unknown name
 * or a value that is not a number of 0 or more is an
 * `InvalidArgumentError`, never ignored.
 */
export function resolveThresholds(given: unknown): AttentionThresholds {
  if (given === undefined) return DEFAULT_ATTENTION_THRESHOLDS;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new InvalidArgumentError(
      'thresholds',
      `thresholds must be an object of numbers (${NAMES.join(', ')}); got ${JSON.stringify(given)}.`,
    );
  }
  const resolved: Record<keyof AttentionThresholds, number> = { ...DEFAULT_ATTENTION_THRESHOLDS };
  for (const [name, value] of Object.entries(given)) {
    if (!isThreshold(name)) {
      throw new InvalidArgumentError(
        `thresholds.${name}`,
        `Unknown threshold "${name}"; the thresholds are ${NAMES.join(', ')}.`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new InvalidArgumentError(
        `thresholds.${name}`,
        `thresholds.${name} must be a number of 0 or more; got ${JSON.stringify(value)}.`,
      );
    }
    resolved[name] = value;
  }
  return resolved;
}
