import type { Insertable } from 'kysely';
import type { MirrorSchema } from '../database/schema.js';
import { MirrorRecordError, type MirrorRecordProblem } from '../errors.js';
import { isObject } from './envelope.js';
import { idProblem } from './identifiers.js';
import { MIRRORED_TABLES, type MirroredType } from './mirrored-types.js';
import { recordProgress } from './progress.js';
import {
  claimedTime,
  isTime,
  sortableTime,
  type VersionKey,
  type VersionSource,
  versionKey,
} from './version.js';

type MirroredTable = (typeof MIRRORED_TABLES)[MirroredType];

/**
 * The attributes whose every change is kept in the history, per type:
 * statuses, ETAs, vessels, last free days, availability, holds, fees, and
 * a tracking request's status and failed reason.
 */
export const TRACKED_ATTRIBUTES: Readonly<Record<MirroredType, readonly string[]>> = {
  container: [
    'current_status',
    'pickup_lfd',
    'import_deadlines',
    'available_for_pickup',
    'holds_at_pod_terminal',
    'fees_at_pod_terminal',
    'pickup_appointment_at',
    'ind_eta_at',
  ],
  shipment: [
    'pod_eta_at',
    'destination_eta_at',
    'pol_etd_at',
    'line_tracking_stopped_at',
    // A vessel change is a rolled container.
    'pod_vessel_name',
    'pod_vessel_imo',
  ],
  tracking_request: ['status', 'failed_reason'],
  transport_event: [],
};

/** The `jsonb` columns of the record tables. */
type JsonColumn = 'attributes' | 'relationships' | 'holds' | 'ref_numbers';

/**
 * A row of a table as `mirror_apply` reads it (one JSON document for the
 * whole batch): the `jsonb` columns hold their values, not their text.
 */
export type RecordRow<T extends MirroredTable> = {
  readonly [C in keyof Insertable<MirrorSchema[T]>]: C extends JsonColumn
    ? unknown
    : Insertable<MirrorSchema[T]>[C];
};

/** One version of one record of a table, ready to store. */
interface TableRecordVersion<T extends MirroredTable> {
  readonly type: MirroredType;
  readonly table: T;
  readonly id: string;
  readonly version: VersionKey;
  readonly row: RecordRow<T>;
  /**
   * The tracked attributes this version carries, by name (absent ones are
   * not observed), or `null` when it carries none.
   */
  readonly tracked: Readonly<Record<string, unknown>> | null;
}

/** One version of one record, ready to store. */
export type RecordVersion = { [T in MirroredTable]: TableRecordVersion<T> }[MirroredTable];

/** Where a batch of records was read, which fixes their version. */
export interface ReadContext {
  readonly source: VersionSource;
  /** Sortable ISO time on the service's clock. */
  readonly time: string;
  readonly tieBreak: string;
  /** The latest time a record's own date may claim, in ms (see `latestClaim`). */
  readonly latest: number;
}

type JsonObject = Record<string, unknown>;

function text(attributes: JsonObject, name: string): string | null {
  const value = attributes[name];
  return typeof value === 'string' ? value : null;
}

function relatedIdOf(relationships: JsonObject, name: string): string | null {
  const relationship = relationships[name];
  if (!isObject(relationship) || !isObject(relationship.data)) return null;
  const id = relationship.data.id;
  return typeof id === 'string' ? id : null;
}

/** The tracked attributes present in `attributes` (`null` when none is). */
function trackedValues(type: MirroredType, attributes: JsonObject): JsonObject | null {
  let tracked: JsonObject | null = null;
  for (const attribute of TRACKED_ATTRIBUTES[type]) {
    if (attribute in attributes) {
      tracked ??= {};
      tracked[attribute] = attributes[attribute] ?? null;
    }
  }
  return tracked;
}

/**
 * The soonest of a container's last free days (the coalesced `pickup_lfd`
 * and each of `import_deadlines`), as sortable ISO; `null` when it has
 * none. The at-risk query finds its candidates by it (an index), then lets
 * the SDK's `lastFreeDay` decide which deadline applies.
 */
function firstDeadline(attributes: JsonObject): string | null {
  const deadlines = isObject(attributes.import_deadlines) ? attributes.import_deadlines : {};
  const times = [
    attributes.pickup_lfd,
    deadlines.pickup_lfd_terminal,
    deadlines.pickup_lfd_line,
    deadlines.pickup_lfd_rail,
  ]
    .map(sortableTime)
    .filter((time): time is string => time !== undefined)
    .sort();
  return times[0] ?? null;
}

/** Reads the records of mirrored types among `resources`; anything else (ports, vessels, ...) is skipped. */
export function readRecords(resources: readonly unknown[], context: ReadContext): RecordVersion[] {
  const problems: MirrorRecordProblem[] = [];
  const versions: RecordVersion[] = [];
  for (const resource of resources) {
    if (!isObject(resource) || typeof resource.type !== 'string') {
      problems.push({ type: 'unknown', id: null, problem: 'not a JSON:API resource object' });
      continue;
    }
    const type = resource.type;
    if (!(type in MIRRORED_TABLES)) continue;
    const read = readRecord(type as MirroredType, resource, context, problems);
    if (read !== undefined) versions.push(read);
  }
  if (problems.length > 0) throw new MirrorRecordError(problems);
  return versions;
}

function readRecord(
  type: MirroredType,
  resource: JsonObject,
  context: ReadContext,
  problems: MirrorRecordProblem[],
): RecordVersion | undefined {
  const id = typeof resource.id === 'string' && resource.id !== '' ? resource.id : null;
  const attributes = resource.attributes ?? {};
  const relationships = resource.relationships ?? {};
  const fail = (problem: string) => {
    problems.push({ type, id, problem });
    return undefined;
  };
  if (id === null) return fail('no id');
  const badId = idProblem(id);
  if (badId !== undefined) return fail(`id ${badId}`);
  if (!isObject(attributes)) return fail('attributes is not an object');
  if (!isObject(relationships)) return fail('relationships is not an object');
  /** The id of a to-one relationship the mirror keeps in a column (and an index). */
  const relatedId = (name: string): string | null => {
    const related = relatedIdOf(relationships, name);
    const problem = related === null ? undefined : idProblem(related);
    if (problem !== undefined)
      problems.push({ type, id, problem: `relationships.${name}.data.id ${problem}` });
    return related;
  };
  const date = (name: string, read = sortableTime): string | null => {
    const value = attributes[name];
    if (value === null || value === undefined) return null;
    const time = read(value);
    if (time === undefined) {
      const what = isTime(value) ? 'a date-time of the years 1 to 9999' : 'a date-time';
      problems.push({ type, id, problem: `${name} is not ${what}: ${JSON.stringify(value)}` });
      return null;
    }
    return time;
  };
  // Its own date orders a tracking request's versions, bounded like a notification's.
  const ownTime =
    type === 'tracking_request'
      ? date('updated_at', (value) => claimedTime(value, context.latest))
      : null;
  const version = versionKey({
    time: ownTime ?? context.time,
    progress: recordProgress(type, attributes),
    source: context.source,
    tieBreak: context.tieBreak,
  });
  const common = {
    id,
    version,
    attributes,
    relationships,
    source: context.source,
  };
  const base = { type, id, version, tracked: trackedValues(type, attributes) };
  const before = problems.length;
  let read: RecordVersion;
  switch (type) {
    case 'shipment':
      read = {
        ...base,
        table: 'shipments',
        row: {
          ...common,
          bill_of_lading_number: text(attributes, 'bill_of_lading_number'),
          normalized_number: text(attributes, 'normalized_number'),
          ref_numbers: attributes.ref_numbers ?? [],
          shipping_line_scac: text(attributes, 'shipping_line_scac'),
          port_of_lading_locode: text(attributes, 'port_of_lading_locode'),
          port_of_discharge_locode: text(attributes, 'port_of_discharge_locode'),
          destination_locode: text(attributes, 'destination_locode'),
          pod_eta_at: date('pod_eta_at'),
          pod_original_eta_at: date('pod_original_eta_at'),
          pod_terminal_id: relatedId('pod_terminal'),
          // Not refused when it does not read as a time: the attention query reads it as sent then.
          line_tracking_last_succeeded_at:
            sortableTime(attributes.line_tracking_last_succeeded_at) ?? null,
        },
      };
      break;
    case 'container':
      read = {
        ...base,
        table: 'containers',
        row: {
          ...common,
          number: text(attributes, 'number'),
          shipment_id: relatedId('shipment'),
          current_status: text(attributes, 'current_status'),
          pickup_lfd: date('pickup_lfd'),
          available_for_pickup:
            typeof attributes.available_for_pickup === 'boolean'
              ? attributes.available_for_pickup
              : null,
          holds: Array.isArray(attributes.holds_at_pod_terminal)
            ? attributes.holds_at_pod_terminal
            : [],
          pod_terminal_id: relatedId('pod_terminal'),
          pod_timezone: text(attributes, 'pod_timezone'),
          pod_full_out_at: date('pod_full_out_at'),
          first_deadline: firstDeadline(attributes),
          ref_numbers: attributes.ref_numbers ?? [],
        },
      };
      break;
    case 'transport_event':
      read = {
        ...base,
        table: 'transport_events',
        row: {
          ...common,
          container_id: relatedId('container'),
          shipment_id: relatedId('shipment'),
          event: text(attributes, 'event'),
          timestamp: date('timestamp'),
        },
      };
      break;
    case 'tracking_request':
      read = {
        ...base,
        table: 'tracking_requests',
        row: {
          ...common,
          request_number: text(attributes, 'request_number'),
          request_type: text(attributes, 'request_type'),
          scac: text(attributes, 'scac'),
          status: text(attributes, 'status'),
          shipment_id: relatedId('tracked_object'),
        },
      };
      break;
  }
  return problems.length > before ? undefined : read;
}
