/**
 * The canned page of the SDK benchmark: 100 containers, each with its
 * shipment in `included`, with every attribute the spec lists (plus a few
 * undocumented ones, as real responses carry).
 */

const at = (day: number) =>
  `2026-0${1 + (day % 8)}-${String(10 + (day % 18)).padStart(2, '0')}T08:30:00Z`;
const uuid = (kind: number, i: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

function container(i: number) {
  return {
    id: uuid(1, i),
    type: 'container',
    attributes: {
      number: `MSCU${String(1000000 + i).slice(1)}${i % 10}`,
      ref_numbers: [`PO-${4000 + i}`],
      seal_number: `SL${90000 + i}`,
      created_at: at(i),
      updated_at: at(i + 3),
      equipment_type: 'dry',
      equipment_length: i % 2 ? 40 : 20,
      equipment_height: i % 3 ? 'high_cube' : 'standard',
      weight_in_lbs: 30000 + i,
      pickup_lfd: at(i + 9),
      pickup_appointment_at: null,
      availability_known: true,
      available_for_pickup: i % 4 === 0,
      pod_arrived_at: at(i + 5),
      pod_discharged_at: at(i + 6),
      pod_full_out_at: null,
      terminal_checked_at: at(i + 7),
      pod_full_out_chassis_number: null,
      location_at_pod_terminal: `Y-${i % 30}-${i % 7}`,
      final_destination_full_out_at: null,
      empty_terminated_at: null,
      holds_at_pod_terminal:
        i % 5 === 0 ? [{ name: 'customs', status: 'hold', description: null }] : [],
      fees_at_pod_terminal:
        i % 6 === 0 ? [{ type: 'demurrage', amount: 150 + i, currency_code: 'USD' }] : [],
      pod_timezone: 'America/Los_Angeles',
      final_destination_timezone: null,
      empty_terminated_timezone: null,
      pod_rail_carrier_scac: null,
      ind_rail_carrier_scac: null,
      pod_last_tracking_request_at: at(i),
      shipment_last_tracking_request_at: at(i),
      pod_rail_loaded_at: null,
      pod_rail_departed_at: null,
      ind_eta_at: null,
      ind_ata_at: null,
      ind_rail_unloaded_at: null,
      ind_facility_lfd_on: null,
      import_deadlines: {
        pickup_lfd_terminal: at(i + 8),
        pickup_lfd_rail: null,
        pickup_lfd_line: at(i + 9),
      },
      current_status: i % 4 === 0 ? 'available' : 'on_ship',
      delivered_at: null,
      empty_out_at: at(i + 1),
      pol_full_in_at: at(i + 2),
      ssl_lfd: null,
    },
    relationships: {
      shipment: { data: { type: 'shipment', id: uuid(2, i) } },
      pickup_facility: { data: null },
      pod_terminal: { data: { type: 'terminal', id: uuid(3, i % 5) } },
      transport_events: { data: [] },
      raw_events: { data: [] },
    },
    links: { self: `/v2/containers/${uuid(1, i)}` },
  };
}

function shipment(i: number) {
  return {
    id: uuid(2, i),
    type: 'shipment',
    attributes: {
      bill_of_lading_number: `MEDU${String(800000 + i)}`,
      normalized_number: `MEDU${String(800000 + i)}`,
      ref_numbers: [`PO-${4000 + i}`],
      tags: [],
      created_at: at(i),
      updated_at: at(i + 4),
      port_of_lading_locode: 'CNSHA',
      port_of_lading_name: 'Shanghai',
      port_of_discharge_locode: 'USLAX',
      port_of_discharge_name: 'Los Angeles',
      destination_locode: null,
      destination_name: null,
      shipping_line_scac: 'MSCU',
      shipping_line_name: 'Mediterranean Shipping Company',
      shipping_line_short_name: 'MSC',
      customer_name: null,
      pod_vessel_name: 'MSC GULSUN',
      pod_vessel_imo: '9839430',
      pod_voyage_number: `${100 + (i % 50)}E`,
      pol_etd_at: at(i + 1),
      pol_atd_at: at(i + 1),
      pod_eta_at: at(i + 5),
      pod_original_eta_at: at(i + 4),
      pod_ata_at: at(i + 5),
      destination_eta_at: null,
      destination_ata_at: null,
      pol_timezone: 'Asia/Shanghai',
      pod_timezone: 'America/Los_Angeles',
      destination_timezone: null,
      line_tracking_last_attempted_at: at(i + 7),
      line_tracking_last_succeeded_at: at(i + 7),
      line_tracking_stopped_at: null,
      line_tracking_stopped_reason: null,
    },
    relationships: {
      port_of_lading: { data: { type: 'port', id: uuid(4, 1) } },
      port_of_discharge: { data: { type: 'port', id: uuid(4, 2) } },
      pod_terminal: { data: { type: 'terminal', id: uuid(3, i % 5) } },
      destination: { data: null },
      destination_terminal: { data: null },
      line_tracking_stopped_by_user: { data: null },
      containers: { data: [{ type: 'container', id: uuid(1, i) }] },
    },
    links: { self: `/v2/shipments/${uuid(2, i)}` },
  };
}

/** The page as a JSON:API document. */
export function containerPage() {
  const indexes = Array.from({ length: 100 }, (_, i) => i);
  return {
    data: indexes.map(container),
    included: indexes.map(shipment),
    links: {
      self: 'https://api.bench.test/v2/containers?include=shipment&page[number]=1&page[size]=100',
      first: 'https://api.bench.test/v2/containers?include=shipment&page[number]=1&page[size]=100',
      last: 'https://api.bench.test/v2/containers?include=shipment&page[number]=3&page[size]=100',
      next: 'https://api.bench.test/v2/containers?include=shipment&page[number]=2&page[size]=100',
    },
    meta: { size: 100, total: 250 },
  };
}
