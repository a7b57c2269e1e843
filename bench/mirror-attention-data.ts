/**
 * The account `mirror-attention.bench.ts` measures, straight into the
 * mirror's tables with `generate_series`, each column from the same
 * expression as its attribute (see that file for its make-up).
 */
import type pg from 'pg';

/** Containers in the account (two a shipment). */
export const CONTAINERS = 100_000;
/** The instant the account is judged at. */
export const NOW = '2025-06-01T00:00:00Z';
/** A day before {@link NOW}. */
export const SINCE = '2025-05-31T00:00:00Z';

/** A version key of the mirror at a time (SQL), as ingest/version.ts writes them. */
const version = (at: string) =>
  `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '|00|0|bench'`;
const iso = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The account: shipments, containers, tracking requests and their history, in a few statements. */
export async function load(client: pg.Client): Promise<void> {
  const now = `timestamptz '${NOW}'`;
  const shipments = CONTAINERS / 2;
  // Shipment n: done (n % 50 < 40), on the water (40..47), at the terminal (48, 49).
  await client.query(
    `insert into shipments (id, version, attributes, relationships, source, ref_numbers,
       bill_of_lading_number, pod_eta_at, pod_original_eta_at, line_tracking_last_succeeded_at)
     select 's' || n, ${version(`${now} - interval '2 days'`)}, jsonb_strip_nulls(jsonb_build_object(
         'bill_of_lading_number', 'MEDU' || n,
         'pod_eta_at', ${iso('eta')}, 'pod_original_eta_at', ${iso('original')},
         'pod_ata_at', case when phase <> 'water' then ${iso('eta')} end,
         'pod_timezone', 'America/Los_Angeles',
         'line_tracking_stopped_at', case when phase = 'done' then ${iso(`${now} - interval '40 days'`)} end,
         'line_tracking_stopped_reason', case when phase = 'done' then 'all_containers_terminated' end,
         'line_tracking_last_succeeded_at', ${iso('succeeded')})),
       '{}', 'sync', '[]', 'MEDU' || n, eta, original, succeeded
     from (select n, phase, eta,
         case when phase = 'water' and n % 10 = 0 then eta - interval '3 days' else eta end as original,
         case when phase = 'water' and n % 97 = 0 then ${now} - interval '10 days'
           when phase = 'done' then ${now} - interval '40 days' else ${now} - interval '6 hours' end
           as succeeded
       from (select n, case when n % 50 < 40 then 'done' when n % 50 < 48 then 'water' else 'terminal' end
           as phase,
           case when n % 50 < 40 then ${now} - (60 + n % 300) * interval '1 day'
             when n % 50 < 48 then ${now} + (1 + n % 20) * interval '1 day'
             else ${now} - (1 + n % 10) * interval '1 day' end as eta
         from generate_series(1, $1::int) n) phased) s`,
    [shipments],
  );
  await client.query(
    `insert into containers (id, version, attributes, relationships, source, holds, ref_numbers,
       number, shipment_id, current_status, pickup_lfd, available_for_pickup, pod_timezone,
       pod_full_out_at, first_deadline)
     select 'c' || n, ${version(`${now} - interval '2 days'`)}, jsonb_strip_nulls(jsonb_build_object(
         'number', 'MSCU' || lpad(n::text, 7, '0'), 'current_status', status,
         'pickup_lfd', ${iso('lfd')}, 'available_for_pickup', available,
         'pod_timezone', 'America/Los_Angeles',
         'pod_discharged_at', case when phase <> 'water' then ${iso("lfd - interval '4 days'")} end,
         'pod_full_out_at', ${iso('full_out')},
         'empty_terminated_at', case when phase = 'done' then ${iso("full_out + interval '5 days'")} end,
         'holds_at_pod_terminal', holds, 'fees_at_pod_terminal', fees)),
       jsonb_build_object('shipment', jsonb_build_object('data',
         jsonb_build_object('type', 'shipment', 'id', 's' || s))),
       'sync', holds, '[]', 'MSCU' || lpad(n::text, 7, '0'), 's' || s, status, lfd, available,
       'America/Los_Angeles', full_out, lfd
     from (select n, s, phase,
         case phase when 'done' then 'empty_returned' when 'water' then 'on_ship'
           else case when n % 3 = 0 then 'not_available' else 'available' end end as status,
         case when phase = 'water' then null::timestamptz
           when phase = 'done' then ${now} - (50 + n % 300) * interval '1 day'
           else ${now} + (n % 21 - 5) * interval '1 day' end as lfd,
         case when phase = 'terminal' then n % 3 <> 0 end as available,
         case when phase = 'done' then ${now} - (52 + n % 300) * interval '1 day' end as full_out,
         case when phase = 'terminal' and n % 9 = 0
           then '[{"name": "customs", "status": "hold"}]'::jsonb else '[]'::jsonb end as holds,
         case when phase = 'terminal' and n % 11 = 0
           then '[{"type": "demurrage", "amount": "150.00", "currency_code": "USD"}]'::jsonb
           else '[]'::jsonb end as fees
       from (select n, (n + 1) / 2 as s,
           case when ((n + 1) / 2) % 50 < 40 then 'done' when ((n + 1) / 2) % 50 < 48 then 'water'
             else 'terminal' end as phase
         from generate_series(1, $1::int) n) numbered) c`,
    [CONTAINERS],
  );
  await client.query(
    `insert into tracking_requests (id, version, attributes, relationships, source,
       request_number, request_type, scac, status, shipment_id)
     select 'tr' || n, ${version(`${now} - interval '30 days'`)}, jsonb_build_object(
         'request_number', 'MEDU' || n, 'request_type', 'bill_of_lading', 'scac', 'MSCU',
         'status', status, 'failed_reason', case when status = 'failed' then 'not_found' end,
         'created_at', ${iso(`${now} - interval '30 days'`)},
         'updated_at', ${iso(`${now} - interval '30 days'`)}),
       '{}', 'sync', 'MEDU' || n, 'bill_of_lading', 'MSCU', status, 's' || n
     from (select n, case when n % 100 = 0 then 'failed' else 'tracking' end as status
       from generate_series(1, $1::int) n) t`,
    [shipments],
  );
  // Three versions of each record: a week, two days and (for a few) hours ago.
  await client.query(
    `insert into record_observations (entity_type, entity_id, version, tracked, source)
     select 'container', 'c' || n, ${version(`${now} - step * interval '1 day'`)},
       jsonb_build_object('current_status', case step when 7 then 'on_ship' else 'available' end,
         'holds_at_pod_terminal', '[]'::jsonb), 'sync'
     from generate_series(1, $1::int) n, (values (7), (2)) steps(step)
     union all
     select 'container', 'c' || n, ${version(`${now} - interval '3 hours'`)},
       jsonb_build_object('current_status', 'picked_up',
         'holds_at_pod_terminal', '[{"name": "customs", "status": "hold"}]'::jsonb), 'webhook'
     from generate_series(50, $1::int, 50) n`,
    [CONTAINERS],
  );
  await client.query(
    `insert into record_observations (entity_type, entity_id, version, tracked, source)
     select 'shipment', 's' || n, ${version(`${now} - step * interval '1 day'`)},
       jsonb_build_object('pod_eta_at', '2025-06-10T00:00:00Z', 'pod_vessel_name', 'MSC ANNA'), 'sync'
     from generate_series(1, $1::int) n, (values (7), (2)) steps(step)
     union all
     select 'shipment', 's' || n, ${version(`${now} - interval '5 hours'`)},
       jsonb_build_object('pod_eta_at', '2025-06-13T00:00:00Z', 'pod_vessel_name', 'MSC BIANCA'),
       'webhook'
     from generate_series(40, $1::int, 40) n`,
    [shipments],
  );
  await client.query('vacuum (analyze)');
}
