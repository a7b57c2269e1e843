import { sql } from 'kysely';

/** The columns each record table is written with, after `id, version, attributes, relationships, source`. */
const OWN_COLUMNS = {
  containers: [
    'number',
    'shipment_id',
    'current_status',
    'pickup_lfd',
    'available_for_pickup',
    'holds',
    'pod_terminal_id',
    'pod_timezone',
    'pod_full_out_at',
    'ref_numbers',
    'first_deadline',
  ],
  shipments: [
    'bill_of_lading_number',
    'normalized_number',
    'ref_numbers',
    'shipping_line_scac',
    'port_of_lading_locode',
    'port_of_discharge_locode',
    'destination_locode',
    'pod_eta_at',
    'pod_original_eta_at',
    'pod_terminal_id',
    'line_tracking_last_succeeded_at',
  ],
  tracking_requests: ['request_number', 'request_type', 'scac', 'status', 'shipment_id'],
  transport_events: ['container_id', 'shipment_id', 'event', 'timestamp'],
} as const;

/** The JSON:API type of each table's records. */
const TYPES = {
  containers: 'container',
  shipments: 'shipment',
  tracking_requests: 'tracking_request',
  transport_events: 'transport_event',
} as const;

/**
 * One table's part of `mirror_apply`: its rows (a JSON array under the
 * table's name) upserted in one statement, in id order, each only where the
 * stored version is older; the records that moved are added to `moved`. A
 * record whose stored and incoming deliveries tie (same instant and
 * progress) but differ is queued in `refetch_queue` by the same statement,
 * which reads the stored row before the upsert changes it, until a version
 * newer than both (`since`).
 */
function upsertBlock(table: keyof typeof OWN_COLUMNS): string {
  const columns = ['id', 'version', 'attributes', 'relationships', 'source', ...OWN_COLUMNS[table]];
  const list = columns.map((column) => `"${column}"`).join(', ');
  const updates = columns
    .filter((column) => column !== 'id')
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(', ');
  // Transport events never change, so only the other tables can hold two different deliveries' versions
  // of one instant that the data cannot order (see ingest/version.ts): those records are queued for REST.
  const tied =
    table === 'transport_events'
      ? ''
      : `
    tied as (
      insert into refetch_queue (entity_type, entity_id, reason, since)
      select '${TYPES[table]}', incoming.id, 'tie', greatest(stored.version, incoming.version)
      from incoming join ${table} stored using (id)
      where stored.version <> incoming.version
        and split_part(stored.version, '|', 3) = '0' and split_part(incoming.version, '|', 3) = '0'
        and split_part(stored.version, '|', 1) = split_part(incoming.version, '|', 1)
        and split_part(stored.version, '|', 2) = split_part(incoming.version, '|', 2)
        and stored.attributes is distinct from incoming.attributes
      on conflict (entity_type, entity_id) do update
        set queued_at = now(), since = greatest(refetch_queue.since, excluded.since)),`;
  return `
  if p_records ? '${table}' then
    with incoming as (
      select ${list} from jsonb_populate_recordset(null::${table}, p_records->'${table}')),${tied}
    moved_rows as (
      insert into ${table} (${list})
      select ${list} from incoming order by id
      on conflict (id) do update set ${updates}, mirrored_at = now()
      where ${table}.version < excluded.version
      returning id, version)
    select moved || coalesce(jsonb_agg(jsonb_build_object('type', '${TYPES[table]}', 'id', id, 'version', version)), '[]')
      into moved from moved_rows;
  end if;`;
}

/**
 * `mirror_apply(claim_id, claim_event, claim_created_at, source, records, observations, refetches)`:
 * stores a batch of record versions in one call (one round trip; its
 * statements' plans are cached by PL/pgSQL per session). With a claim (a
 * delivery), the notification's row is inserted first and nothing else
 * happens when it was there (a duplicate); then the delivery's `refetches`
 * (`[{ entity_type, entity_id, reason, since }]`) are queued in
 * `refetch_queue`, a queued one again with a new time so that a sync already
 * reading it reads it once more, and with the later `since` (the read is
 * needed until the record holds a version newer than it). Each record version with tracked
 * attributes is one observation row (older versions too: the history is
 * ordered by version, not by arrival). Tables are written in one order
 * and rows in id order, so concurrent writers cannot deadlock. The change
 * feed's lock is taken, and NOTIFY sent, only when a record moved, after
 * every upsert: positions follow commit order. Answers
 * `{ claimed, applied: [{ type, id, version }] }`.
 */
export const APPLY_FUNCTION = sql.raw(`
create or replace function mirror_apply(
  p_claim_id text, p_claim_event text, p_claim_created_at timestamptz,
  p_source text, p_records jsonb, p_observations jsonb, p_refetches jsonb default '[]'::jsonb
) returns jsonb language plpgsql as $mirror_apply$
declare
  moved jsonb := '[]'::jsonb;
begin
  if p_claim_id is not null then
    insert into notifications (id, event, created_at)
      values (p_claim_id, p_claim_event, p_claim_created_at)
      on conflict (id) do nothing;
    if not found then
      return jsonb_build_object('claimed', false, 'applied', '[]'::jsonb);
    end if;
  end if;
  if jsonb_array_length(p_refetches) > 0 then
    insert into refetch_queue (entity_type, entity_id, reason, since)
      select entity_type, entity_id, reason, since
      from jsonb_to_recordset(p_refetches) as r(entity_type text, entity_id text, reason text, since text)
      on conflict (entity_type, entity_id) do update
        set reason = excluded.reason, queued_at = now(),
          since = greatest(refetch_queue.since, excluded.since);
  end if;
  ${(Object.keys(OWN_COLUMNS) as Array<keyof typeof OWN_COLUMNS>).map(upsertBlock).join('\n')}
  if jsonb_array_length(p_observations) > 0 then
    insert into record_observations (entity_type, entity_id, version, tracked, source, notification_id)
      select entity_type, entity_id, version, tracked, source, notification_id
      from jsonb_populate_recordset(null::record_observations, p_observations)
      on conflict do nothing;
  end if;
  if jsonb_array_length(moved) > 0 then
    perform pg_advisory_xact_lock(hashtext('shiptrack_mirror_changes'));
    insert into changes (entity_type, entity_id, version, source)
      select m->>'type', m->>'id', m->>'version', p_source from jsonb_array_elements(moved) m;
    perform pg_notify('shiptrack_mirror_changes', '');
  end if;
  return jsonb_build_object('claimed', true, 'applied', moved);
end
$mirror_apply$`);
