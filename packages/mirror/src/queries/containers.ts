import { type ExpressionBuilder, sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { orderPrefix } from '../database/order-prefix.js';
import type { MirrorSchema } from '../database/schema.js';
import { MirrorConfigurationError } from '../errors.js';
import { type MirroredRecord, toMirroredRecord } from '../records/read.js';
import { type Freshness, readFreshness } from './freshness.js';

/** Filters of `mirror.containers`; every one given must hold (AND). */
export interface ContainerQuery {
  /** `current_status`, one or any of several. */
  status?: string | readonly string[];
  /** A UN/LOCODE: the shipment's port of discharge or its destination. */
  port?: string;
  /** The id of the container's `pod_terminal`. */
  terminal?: string;
  /** The shipment's carrier SCAC. */
  carrier?: string;
  /** `pickup_lfd` within this window (ISO 8601 date-times, either end optional, inclusive). */
  lastFreeDay?: { from?: string; to?: string };
  /** `available_for_pickup` as the terminal reports it (`null` rows match neither). */
  availableForPickup?: boolean;
  /** `true`: at least one hold in force (`status: hold`); `false`: none. */
  holds?: boolean;
  /** The shipment's ETA at the port of discharge moved more than this many hours from its original one. */
  etaMovedMoreThanHours?: number;
  /** At most this many rows (default 1,000, at most 10,000), by container number. */
  limit?: number;
}

/** What a query answers: the rows and how fresh they are. */
export interface MirrorQueryResult<T> extends Freshness {
  readonly items: T[];
}

type Builder = ExpressionBuilder<
  MirrorSchema & { s: MirrorSchema['shipments'] },
  'containers' | 's'
>;

function checkTime(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value))) {
    throw new MirrorConfigurationError(
      `${name} must be an ISO 8601 date-time, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function checkLimit(limit: number | undefined): number {
  const value = limit ?? 1000;
  if (!Number.isInteger(value) || value < 1 || value > 10_000) {
    throw new MirrorConfigurationError(`limit must be an integer from 1 to 10000, got ${value}.`);
  }
  return value;
}

/** Containers of the mirror matching every filter given; no REST call. */
export async function queryContainers(
  database: OpenedDatabase,
  query: ContainerQuery = {},
): Promise<MirrorQueryResult<MirroredRecord>> {
  const known = new Set([
    'status',
    'port',
    'terminal',
    'carrier',
    'lastFreeDay',
    'availableForPickup',
    'holds',
    'etaMovedMoreThanHours',
    'limit',
  ]);
  const unknown = Object.keys(query).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new MirrorConfigurationError(
      `Unknown container filter ${unknown.join(', ')}; the filters are ${[...known].join(', ')}.`,
    );
  }
  const from = checkTime('lastFreeDay.from', query.lastFreeDay?.from);
  const to = checkTime('lastFreeDay.to', query.lastFreeDay?.to);
  const hours = query.etaMovedMoreThanHours;
  if (hours !== undefined && !(Number.isFinite(hours) && hours >= 0)) {
    throw new MirrorConfigurationError(`etaMovedMoreThanHours must be 0 or more, got ${hours}.`);
  }
  const statuses = query.status === undefined ? undefined : [query.status].flat();
  const hasHold = (eb: Builder) =>
    eb.exists(
      eb
        .selectFrom(sql`jsonb_array_elements(containers.holds)`.as('hold'))
        .select(sql`1`.as('one'))
        .where(sql`hold.value->>'status'`, '=', 'hold'),
    );
  const rows = await database.db
    .selectFrom('containers')
    .leftJoin('shipments as s', 's.id', 'containers.shipment_id')
    .selectAll('containers')
    .where((eb) => {
      const conditions = [];
      if (statuses !== undefined) conditions.push(eb('containers.current_status', 'in', statuses));
      if (query.port !== undefined) {
        conditions.push(
          eb.or([
            eb('s.port_of_discharge_locode', '=', query.port),
            eb('s.destination_locode', '=', query.port),
          ]),
        );
      }
      if (query.terminal !== undefined)
        conditions.push(eb('containers.pod_terminal_id', '=', query.terminal));
      if (query.carrier !== undefined)
        conditions.push(eb('s.shipping_line_scac', '=', query.carrier));
      if (from !== undefined) conditions.push(eb('containers.pickup_lfd', '>=', new Date(from)));
      if (to !== undefined) conditions.push(eb('containers.pickup_lfd', '<=', new Date(to)));
      if (query.availableForPickup !== undefined) {
        conditions.push(eb('containers.available_for_pickup', '=', query.availableForPickup));
      }
      if (query.holds === true) conditions.push(hasHold(eb));
      if (query.holds === false) conditions.push(eb.not(hasHold(eb)));
      if (hours !== undefined) {
        conditions.push(
          eb(sql`abs(extract(epoch from s.pod_eta_at - s.pod_original_eta_at))`, '>', hours * 3600),
        );
      }
      return eb.and(conditions);
    })
    .orderBy(orderPrefix('containers.number'))
    .orderBy('containers.number')
    .orderBy('containers.id')
    .limit(checkLimit(query.limit))
    .execute();
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => toMirroredRecord('container', row)),
  };
}
