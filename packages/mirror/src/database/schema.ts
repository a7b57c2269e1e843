import type { ColumnType, Generated } from 'kysely';

/** A `timestamptz` column: written as an ISO string, read as a `Date`. */
type Timestamp = ColumnType<Date, string, string>;
/** A `jsonb` column: what was stored, unvalidated on the way out. */
type Json = ColumnType<unknown, string, string>;

/** The columns every mirrored record has, beside its own. */
interface RecordColumns {
  id: string;
  /** The order key of the stored version (see `ingest/version.ts`). */
  version: string;
  attributes: Json;
  relationships: Json;
  /** `webhook` or `sync`: where the stored version came from. */
  source: string;
  /** When this process stored it (the database's clock). */
  mirrored_at: ColumnType<Date, string | undefined, string>;
}

export interface ShipmentsTable extends RecordColumns {
  bill_of_lading_number: string | null;
  normalized_number: string | null;
  ref_numbers: Json;
  shipping_line_scac: string | null;
  port_of_lading_locode: string | null;
  port_of_discharge_locode: string | null;
  destination_locode: string | null;
  pod_eta_at: Timestamp | null;
  pod_original_eta_at: Timestamp | null;
  pod_terminal_id: string | null;
  /** The carrier's last successful check, when it reads as a time, for the attention query's index. */
  line_tracking_last_succeeded_at: Timestamp | null;
}

export interface ContainersTable extends RecordColumns {
  number: string | null;
  shipment_id: string | null;
  current_status: string | null;
  pickup_lfd: Timestamp | null;
  available_for_pickup: boolean | null;
  holds: Json;
  pod_terminal_id: string | null;
  pod_timezone: string | null;
  pod_full_out_at: Timestamp | null;
  /** The soonest of its last free days (coalesced and each deadline), for the at-risk query's index. */
  first_deadline: Timestamp | null;
  ref_numbers: Json;
}

export interface TransportEventsTable extends RecordColumns {
  container_id: string | null;
  shipment_id: string | null;
  event: string | null;
  timestamp: Timestamp | null;
}

export interface TrackingRequestsTable extends RecordColumns {
  request_number: string | null;
  request_type: string | null;
  scac: string | null;
  status: string | null;
  shipment_id: string | null;
}

export interface NotificationsTable {
  id: string;
  event: string;
  created_at: Timestamp;
  received_at: ColumnType<Date, string | undefined, never>;
}

/** One version of a record as the history sees it: the tracked attributes it carried. */
export interface RecordObservationsTable {
  entity_type: string;
  entity_id: string;
  version: string;
  /** The tracked attributes present in this version, by name (absent ones were not observed). */
  tracked: Json;
  source: string;
  notification_id: string | null;
}

export interface ChangesTable {
  position: Generated<string>;
  entity_type: string;
  entity_id: string;
  version: string;
  source: string;
  committed_at: ColumnType<Date, string | undefined, never>;
}

export interface SyncStateTable {
  name: string;
  state: Json;
  updated_at: ColumnType<Date, string | undefined, string>;
}

/** A record to read from REST at the next sync, and why (`tie`: deliveries of one instant differed). */
export interface RefetchQueueTable {
  entity_type: string;
  entity_id: string;
  reason: string;
  queued_at: ColumnType<Date, string | undefined, never>;
  /**
   * The read is needed while the stored version is not newer than this (a
   * version key, or the bare time of a notification); `null`: always.
   */
  since: string | null;
}

/** The time zones PostgreSQL knew when the schema was made (`pg_timezone_names`). */
export interface MirrorTimeZonesTable {
  name: string;
}

/** The mirror's tables, as Kysely sees them. */
export interface MirrorSchema {
  shipments: ShipmentsTable;
  containers: ContainersTable;
  transport_events: TransportEventsTable;
  tracking_requests: TrackingRequestsTable;
  notifications: NotificationsTable;
  record_observations: RecordObservationsTable;
  changes: ChangesTable;
  sync_state: SyncStateTable;
  mirror_time_zones: MirrorTimeZonesTable;
  refetch_queue: RefetchQueueTable;
}
