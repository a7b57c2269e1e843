import { type ExpressionBuilder, sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { orderPrefix } from '../database/order-prefix.js';
import type { MirrorSchema } from '../database/schema.js';
import { MirrorConfigurationError } from '../errors.js';
import { type MirroredRecord, toMirroredRecord } from '../records/read.js';
import { type Freshness, readFreshness } from './freshness.js';

/** One page of records, the records they point at, and how many match in all. */
export interface MirrorPage extends Freshness {
  readonly items: MirroredRecord[];
  /**
   * The records the items point at, to resolve them against (as a REST
   * response's `included`): the shipments of containers; the containers of
   * shipments when asked for.
   */
  readonly related: MirroredRecord[];
  /** Records matching every filter, all pages together. */
  readonly total: number;
}

/** Where a page starts and how long it is. */
export interface PageWindow {
  /** Rows skipped (default 0). */
  offset?: number;
  /** Rows at most (default 25, at most 1,000). */
  limit?: number;
}

/** Filters of `mirror.containerPage`, every one given must hold; ordered by number. */
export interface ContainerPageQuery extends PageWindow {
  /** `current_status`. */
  status?: string;
  /** The shipment's port of discharge (UN/LOCODE, case ignored). */
  portOfDischarge?: string;
  /** The shipment's carrier SCAC (case ignored). */
  carrier?: string;
}

/** Filters of `mirror.shipmentPage`, every one given must hold; ordered by bill of lading. */
export interface ShipmentPageQuery extends PageWindow {
  /** One of the shipment's containers has this `current_status`. */
  containerStatus?: string;
  /** The port of lading, of discharge or the destination (UN/LOCODE, case ignored). */
  port?: string;
  /** The carrier SCAC (case ignored). */
  carrier?: string;
  /** Add the shipments' containers to `related`. */
  withContainers?: boolean;
}

/** A time window, either end optional, inclusive (ISO 8601). */
export interface TimeWindow {
  from?: string;
  to?: string;
}

/** Filters of `mirror.trackingRequestPage`, every one given must hold; newest first. */
export interface TrackingRequestPageQuery extends PageWindow {
  status?: string;
  requestType?: string;
  /** The request's number (case ignored). */
  requestNumber?: string;
  /** The carrier SCAC (case ignored). */
  scac?: string;
  /** `created_at` in this window. */
  createdAt?: TimeWindow;
  /** `updated_at` in this window. */
  updatedAt?: TimeWindow;
}

function checkWindow(window: PageWindow): { offset: number; limit: number } {
  const offset = window.offset ?? 0;
  const limit = window.limit ?? 25;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new MirrorConfigurationError(`offset must be a whole number, 0 or more; got ${offset}.`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new MirrorConfigurationError(`limit must be an integer from 1 to 1000, got ${limit}.`);
  }
  return { offset, limit };
}

function checkTime(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new MirrorConfigurationError(
      `${name} must be an ISO 8601 date-time, got ${JSON.stringify(value)}.`,
    );
  }
  return new Date(time);
}

const upper = (value: string) => value.trim().toUpperCase();

type Stored = Parameters<typeof toMirroredRecord>[1];

/** The shipments of these ids (nulls and repeats skipped), as records. */
export async function shipmentsByIds(
  database: OpenedDatabase,
  ids: readonly (string | null)[],
): Promise<MirroredRecord[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return [];
  // One array parameter, not one parameter an id: an account-wide read names thousands.
  const rows = await database.db
    .selectFrom('shipments')
    .select(['id', 'version', 'attributes', 'relationships', 'source', 'mirrored_at'])
    .where(sql<boolean>`id = any(${wanted})`)
    .execute();
  return rows.map((row) => toMirroredRecord('shipment', row));
}

/** One page of containers matching every filter, with their shipments; no REST call. */
export async function queryContainerPage(
  database: OpenedDatabase,
  query: ContainerPageQuery = {},
): Promise<MirrorPage> {
  const { offset, limit } = checkWindow(query);
  const base = database.db
    .selectFrom('containers')
    .leftJoin('shipments as s', 's.id', 'containers.shipment_id')
    .where((eb) => {
      const conditions = [];
      if (query.status !== undefined)
        conditions.push(eb('containers.current_status', '=', query.status));
      if (query.portOfDischarge !== undefined) {
        conditions.push(
          eb(eb.fn('upper', ['s.port_of_discharge_locode']), '=', upper(query.portOfDischarge)),
        );
      }
      if (query.carrier !== undefined) {
        conditions.push(eb(eb.fn('upper', ['s.shipping_line_scac']), '=', upper(query.carrier)));
      }
      return eb.and(conditions);
    });
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
    base
      .selectAll('containers')
      .orderBy(orderPrefix('containers.number'))
      .orderBy('containers.number')
      .orderBy('containers.id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => toMirroredRecord('container', row)),
    related: await shipmentsByIds(
      database,
      rows.map((row) => row.shipment_id),
    ),
    total: Number(counted?.total ?? 0),
  };
}

type ShipmentBuilder = ExpressionBuilder<MirrorSchema, 'shipments'>;

/** One page of shipments matching every filter (with their containers when asked); no REST call. */
export async function queryShipmentPage(
  database: OpenedDatabase,
  query: ShipmentPageQuery = {},
): Promise<MirrorPage> {
  const { offset, limit } = checkWindow(query);
  const port = query.port === undefined ? undefined : upper(query.port);
  const base = database.db.selectFrom('shipments').where((eb: ShipmentBuilder) => {
    const conditions = [];
    if (query.containerStatus !== undefined) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('containers as c')
            .select(sql`1`.as('one'))
            .whereRef('c.shipment_id', '=', 'shipments.id')
            .where('c.current_status', '=', query.containerStatus),
        ),
      );
    }
    if (port !== undefined) {
      conditions.push(
        eb.or([
          eb(eb.fn('upper', ['shipments.port_of_lading_locode']), '=', port),
          eb(eb.fn('upper', ['shipments.port_of_discharge_locode']), '=', port),
          eb(eb.fn('upper', ['shipments.destination_locode']), '=', port),
        ]),
      );
    }
    if (query.carrier !== undefined) {
      conditions.push(
        eb(eb.fn('upper', ['shipments.shipping_line_scac']), '=', upper(query.carrier)),
      );
    }
    return eb.and(conditions);
  });
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(orderPrefix('shipments.bill_of_lading_number'))
      .orderBy('shipments.bill_of_lading_number')
      .orderBy('shipments.id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  const ids = rows.map((row) => row.id);
  const containers =
    query.withContainers && ids.length > 0
      ? await database.db
          .selectFrom('containers')
          .selectAll()
          .where('shipment_id', 'in', ids)
          .orderBy('number')
          .execute()
      : [];
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => toMirroredRecord('shipment', row)),
    related: containers.map((row: Stored) => toMirroredRecord('container', row)),
    total: Number(counted?.total ?? 0),
  };
}

/** One page of tracking requests matching every filter, newest first; no REST call. */
export async function queryTrackingRequestPage(
  database: OpenedDatabase,
  query: TrackingRequestPageQuery = {},
): Promise<MirrorPage> {
  const { offset, limit } = checkWindow(query);
  const created = {
    from: checkTime('createdAt.from', query.createdAt?.from),
    to: checkTime('createdAt.to', query.createdAt?.to),
  };
  const updated = {
    from: checkTime('updatedAt.from', query.updatedAt?.from),
    to: checkTime('updatedAt.to', query.updatedAt?.to),
  };
  // `created_at` is kept as sent (not validated on ingest): only what reads as an ISO date-time is cast.
  const time = (name: string) =>
    sql`case when tracking_requests.attributes->>${name} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' then (tracking_requests.attributes->>${name})::timestamptz end`;
  const createdAt = time('created_at');
  const updatedAt = time('updated_at');
  const base = database.db.selectFrom('tracking_requests').where((eb) => {
    const conditions = [];
    if (query.status !== undefined) conditions.push(eb('status', '=', query.status));
    if (query.requestType !== undefined)
      conditions.push(eb('request_type', '=', query.requestType));
    if (query.requestNumber !== undefined) {
      conditions.push(eb(eb.fn('upper', ['request_number']), '=', upper(query.requestNumber)));
    }
    if (query.scac !== undefined)
      conditions.push(eb(eb.fn('upper', ['scac']), '=', upper(query.scac)));
    if (created.from) conditions.push(eb(createdAt, '>=', created.from));
    if (created.to) conditions.push(eb(createdAt, '<=', created.to));
    if (updated.from) conditions.push(eb(updatedAt, '>=', updated.from));
    if (updated.to) conditions.push(eb(updatedAt, '<=', updated.to));
    return eb.and(conditions);
  });
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(createdAt, (order) => order.desc().nullsLast())
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => toMirroredRecord('tracking_request', row)),
    related: [],
    total: Number(counted?.total ?? 0),
  };
}
