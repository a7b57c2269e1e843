/** What changed since an instant: the models `changesSince` answers with. */
import type { AttentionSeverity, EvidenceTime } from '../attention/model.js';
import type { ValueAt } from './history.js';

/** What kind of change it is, for what a person does about it. */
export type ChangeKind =
  /** An estimated time moved (`pod_eta_at`, `destination_eta_at`, `ind_eta_at`, `pol_etd_at`). */
  | 'eta_changed'
  /** The vessel changed: the container was rolled. */
  | 'vessel_changed'
  | 'hold_placed'
  | 'hold_released'
  /** A last free day was set, moved or cleared (`pickup_lfd`, `import_deadlines.*`). */
  | 'last_free_day_changed'
  | 'fees_changed'
  | 'availability_changed'
  | 'status_changed'
  | 'appointment_changed'
  | 'tracking_stopped'
  | 'tracking_resumed'
  | 'tracking_failed'
  /** Another status of a tracking request. */
  | 'tracking_request_changed'
  /** A milestone REST tells by its transport event (`container.transport.vessel_discharged`, ...). */
  | 'milestone'
  /** Any other attribute, passed through. */
  | 'other';

/** One attribute of one record, from its value at `since` to its value now. */
export interface Change {
  readonly kind: ChangeKind;
  readonly severity: AttentionSeverity;
  readonly entityType: string;
  readonly entityId: string;
  /** The attribute as the service names it (or `transport_event`). */
  readonly field: string;
  /** Its value at `since`, or why the source cannot tell it. */
  readonly from: ValueAt;
  /** Its value after the last change. */
  readonly to: unknown;
  /** When it last changed, ISO 8601 in UTC. */
  readonly changedAt: string;
  /** The zone of the place it happened at, when known (else `null`). */
  readonly timeZone: string | null;
  /** Its day at that place (UTC without a zone), the instant in UTC beside it. */
  readonly changedOn: EvidenceTime | null;
  /** Where it was learned: the mirror's `webhook` or `sync`, or `rest`. */
  readonly source: string;
  /** How many reported changes led from `from` to `to`. */
  readonly steps: number;
  /** For a time: how many days later (negative: earlier) it is now, to a tenth; `null` otherwise or when `from` is not known. */
  readonly shiftDays: number | null;
  /** For a hold: its name as sent (a type added since too); `null` otherwise. */
  readonly holdType: string | null;
  /** One line for a person. */
  readonly reason: string;
}

/** The changes of one record, most pressing first. */
export interface ChangeGroup {
  readonly entityType: string;
  readonly entityId: string;
  /** Its number (container, bill of lading, request), when the source gave it. */
  readonly number: string | null;
  /** The severity of its most pressing change. */
  readonly severity: AttentionSeverity;
  readonly changes: readonly Change[];
}

/** What changed since an instant, record by record, the ones to act on first. */
export interface ChangesSince {
  /** The instant, ISO 8601 in UTC. */
  readonly since: string;
  readonly groups: readonly ChangeGroup[];
}
