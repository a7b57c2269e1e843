/** Wire form of tracking requests, shipments and containers. */
import { mirrorEventId } from '../ids.js';
import { placeRef } from '../place.js';
import type { ContainerRecord, ShipmentRecord, TrackingRequestRecord } from '../records.js';
import type { Store } from '../store.js';
import { toIso } from '../time.js';
import { type Serializer, toMany, toOne } from './resource-object.js';
import type { SpecResource } from './spec-resource.js';

function timezoneOf(store: Store, portId: string | null): string | null {
  return portId === null ? null : (store.ports.get(portId)?.timeZone ?? null);
}

/** `terminal` or `rail_terminal`, whichever the facility is. */
export function facilityTypeOf(
  store: Store,
  terminalId: string | null,
): 'terminal' | 'rail_terminal' {
  return (terminalId === null ? undefined : store.terminals.get(terminalId)?.type) ?? 'terminal';
}

/** The wire form of a tracking request. */
export function serializeTrackingRequest(
  record: TrackingRequestRecord,
): SpecResource<'TrackingRequest'> {
  return {
    id: record.id,
    type: 'tracking_request',
    attributes: {
      request_number: record.requestNumber,
      request_type: record.requestType,
      scac: record.scac,
      ref_numbers: record.refNumbers,
      tags: record.tags,
      created_at: toIso(record.createdAt),
      updated_at: toIso(record.updatedAt),
      status: record.status,
      failed_reason: record.failedReason,
      is_retrying: record.isRetrying,
      retry_count: record.retryCount,
    },
    relationships: {
      tracked_object: toOne('shipment', record.shipmentId),
      customer: toOne('customer', null),
      user: toOne('user', record.userId),
    },
    links: { self: `/v2/tracking_requests/${record.id}` },
  };
}

/** The wire form of a shipment; names and time zones come from the reference data. */
export function serializeShipment(store: Store, record: ShipmentRecord): SpecResource<'Shipment'> {
  const pol = record.polId === null ? undefined : store.ports.get(record.polId);
  const pod = record.podId === null ? undefined : store.ports.get(record.podId);
  const destination =
    record.destinationId === null ? undefined : store.ports.get(record.destinationId);
  const line = store.shippingLineByScac(record.scac);
  const vessel = record.podVesselId === null ? undefined : store.vessels.get(record.podVesselId);
  return {
    id: record.id,
    type: 'shipment',
    attributes: {
      bill_of_lading_number: record.billOfLadingNumber,
      normalized_number: record.normalizedNumber,
      ref_numbers: record.refNumbers,
      tags: record.tags,
      created_at: toIso(record.createdAt),
      port_of_lading_locode: pol?.code ?? null,
      port_of_lading_name: pol?.name ?? null,
      port_of_discharge_locode: pod?.code ?? null,
      port_of_discharge_name: pod?.name ?? null,
      destination_locode: destination?.code ?? null,
      destination_name: destination?.name ?? null,
      shipping_line_scac: record.scac,
      shipping_line_name: line?.name ?? record.scac,
      shipping_line_short_name: line?.shortName ?? record.scac,
      customer_name: record.customerName,
      pod_vessel_name: vessel?.name ?? null,
      pod_vessel_imo: vessel?.imo ?? null,
      pod_voyage_number: record.podVoyageNumber,
      pol_etd_at: toIso(record.polEtdAt),
      pol_atd_at: toIso(record.polAtdAt),
      pod_eta_at: toIso(record.podEtaAt),
      pod_original_eta_at: toIso(record.podOriginalEtaAt),
      // The mock keeps the first estimate of the port of discharge only.
      pol_original_etd_at: null,
      destination_original_eta_at: null,
      pod_ata_at: toIso(record.podAtaAt),
      destination_eta_at: toIso(record.destinationEtaAt),
      destination_ata_at: toIso(record.destinationAtaAt),
      pol_timezone: pol?.timeZone ?? null,
      pod_timezone: pod?.timeZone ?? null,
      destination_timezone: destination?.timeZone ?? null,
      line_tracking_last_attempted_at: toIso(record.lineTrackingLastAttemptedAt),
      line_tracking_last_succeeded_at: toIso(record.lineTrackingLastSucceededAt),
      line_tracking_stopped_at: toIso(record.lineTrackingStoppedAt),
      line_tracking_stopped_reason: record.lineTrackingStoppedReason,
    },
    relationships: {
      port_of_lading: toOne('port', record.polId),
      port_of_discharge: toOne('port', record.podId),
      pod_terminal: toOne('terminal', record.podTerminalId),
      destination: { data: placeRef(store, record.destinationId) },
      destination_terminal: toOne(
        facilityTypeOf(store, record.destinationTerminalId),
        record.destinationTerminalId,
      ),
      line_tracking_stopped_by_user: toOne('user', record.lineTrackingStoppedByUserId),
      containers: toMany('container', record.containerIds),
    },
    links: { self: `/v2/shipments/${record.id}` },
  };
}

/** `pickup_lfd` coalesces the import deadlines, preferring the line's. */
export function effectivePickupLfd(record: ContainerRecord): number | null {
  return record.pickupLfdLine ?? record.pickupLfdTerminal ?? record.pickupLfdRail;
}

/** The wire form of a container; time zones come from its shipment's ports. */
export function serializeContainer(
  store: Store,
  record: ContainerRecord,
): SpecResource<'Container'> {
  const shipment = store.shipments.get(record.shipmentId);
  const podTimezone = timezoneOf(store, shipment?.podId ?? null);
  const destinationTimezone = timezoneOf(store, shipment?.destinationId ?? null) ?? podTimezone;
  const inland = shipment !== undefined && shipment.destinationId !== null;
  return {
    id: record.id,
    type: 'container',
    attributes: {
      number: record.number,
      ref_numbers: record.refNumbers,
      seal_number: record.sealNumber,
      created_at: toIso(record.createdAt),
      equipment_type: record.equipmentType,
      equipment_length: record.equipmentLength,
      equipment_height: record.equipmentHeight,
      weight_in_lbs: record.weightInLbs,
      pickup_lfd: toIso(effectivePickupLfd(record)),
      pickup_appointment_at: toIso(record.pickupAppointmentAt),
      availability_known: record.availabilityKnown,
      available_for_pickup: record.availableForPickup,
      pod_arrived_at: toIso(record.podArrivedAt),
      pod_discharged_at: toIso(record.podDischargedAt),
      pod_full_out_at: toIso(record.podFullOutAt),
      terminal_checked_at: toIso(record.terminalCheckedAt),
      pod_full_out_chassis_number: record.podFullOutChassisNumber,
      location_at_pod_terminal: record.locationAtPodTerminal,
      final_destination_full_out_at: toIso(record.finalDestinationFullOutAt),
      empty_terminated_at: toIso(record.emptyTerminatedAt),
      holds_at_pod_terminal: record.holds,
      fees_at_pod_terminal: record.fees,
      pod_timezone: podTimezone,
      final_destination_timezone: destinationTimezone,
      empty_terminated_timezone: inland ? destinationTimezone : podTimezone,
      pod_rail_carrier_scac: record.podRailCarrierScac,
      ind_rail_carrier_scac: record.indRailCarrierScac,
      pod_last_tracking_request_at: toIso(record.podLastTrackingRequestAt),
      shipment_last_tracking_request_at: toIso(record.shipmentLastTrackingRequestAt),
      pod_rail_loaded_at: toIso(record.podRailLoadedAt),
      pod_rail_departed_at: toIso(record.podRailDepartedAt),
      ind_eta_at: toIso(record.indEtaAt),
      ind_ata_at: toIso(record.indAtaAt),
      ind_rail_unloaded_at: toIso(record.indRailUnloadedAt),
      ind_facility_lfd_on: toIso(record.pickupLfdRail),
      import_deadlines: {
        pickup_lfd_terminal: toIso(record.pickupLfdTerminal),
        pickup_lfd_rail: toIso(record.pickupLfdRail),
        pickup_lfd_line: toIso(record.pickupLfdLine),
      },
      // Not simulated by the mock (the line's last free day is in import_deadlines): unknown, not invented.
      delivered_at: null,
      empty_out_at: null,
      pol_full_in_at: null,
      pol_vessel_loaded_at: null,
      pol_vessel_departed_at: null,
      rail_last_tracking_request_at: null,
      ind_facility_holds: null,
      ind_facility_fees: null,
      ssl_lfd: null,
      current_status: record.currentStatus,
    },
    relationships: {
      shipment: toOne('shipment', record.shipmentId),
      pickup_facility: toOne('terminal', record.pickupFacilityId),
      pod_terminal: toOne('terminal', record.podTerminalId),
      transport_events: toMany('transport_event', record.transportEventIds),
      raw_events: toMany('raw_event', record.transportEventIds.map(mirrorEventId)),
    },
    links: { self: `/v2/containers/${record.id}` },
  };
}

/** Registers the serializers of tracking requests, shipments and containers. */
export function registerTrackingSerializers(serializer: Serializer, store: Store): void {
  serializer.registerRecords('tracking_request', store.trackingRequests, serializeTrackingRequest);
  serializer.registerRecords('shipment', store.shipments, (record) =>
    serializeShipment(store, record),
  );
  serializer.registerRecords('container', store.containers, (record) =>
    serializeContainer(store, record),
  );
}
