/**
 * The input of `changesSince`: changes of attributes, one a row, as the
 * mirror's `history()` gives them (`{ entityType, entityId, attribute,
 * oldValue, newValue, changedAt, source }`) or as REST can tell them from
 * events and times, whose old values it often cannot know.
 */

/** A value the source cannot tell (REST keeps no old values): why, said plainly instead of a guess. */
export interface CannotTell {
  readonly known: false;
  /** What is missing, for a person. */
  readonly why: string;
}

/** A value the source knows. */
export interface KnownValue {
  readonly known: true;
  readonly value: unknown;
}

/** A value at an instant: known, or why it cannot be told. */
export type ValueAt = KnownValue | CannotTell;

/** The marker for an old value a source cannot tell. */
export function cannotTell(why: string): CannotTell {
  return Object.freeze({ known: false, why });
}

/** Whether a value is the {@link CannotTell} marker (and not a value of the service). */
export function isCannotTell(value: unknown): value is CannotTell {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  // Safe: only read, and each member is checked before it counts.
  const marker = value as { known?: unknown; why?: unknown };
  return keys.length === 2 && marker.known === false && typeof marker.why === 'string';
}

/**
 * One change of one attribute of one record. The mirror's history rows are
 * such entries as they are; `historyFromRest` makes them from REST.
 */
export interface HistoryEntry {
  /** `container`, `shipment` or `tracking_request` (others pass through). */
  readonly entityType: string;
  readonly entityId: string;
  /**
   * The attribute as the service names it (`pod_eta_at`,
   * `holds_at_pod_terminal`, `import_deadlines` or one of its members as
   * `import_deadlines.pickup_lfd_line`), or `transport_event` for a
   * milestone REST tells (its value the event's name).
   */
  readonly attribute: string;
  /** The value before; a {@link CannotTell} when the source cannot know it. */
  readonly oldValue: unknown;
  readonly newValue: unknown;
  /** When the change was reported (ISO 8601). */
  readonly changedAt: string;
  /** How it was learned: the mirror's `webhook` or `sync`, or `rest`. */
  readonly source: string;
  /** The record's number (container, bill of lading, request), when the source has it. */
  readonly entityNumber?: string | null;
  /** The zone of the place the change happened at, when the source has it. */
  readonly timeZone?: string | null;
}
