import { z } from 'zod';

/** Where a container is in its journey (`current_status`). */
export const ContainerStatusSchema = z.enum([
  'new',
  'on_ship',
  'available',
  'not_available',
  'grounded',
  'on_rail',
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
  'awaiting_inland_transfer',
]);

/** Status of a tracking request. */
export const TrackingRequestStatusSchema = z.enum([
  'pending',
  'awaiting_manifest',
  'created',
  'failed',
  'tracking_stopped',
]);

/** Kind of number a tracking request follows. */
export const TrackingRequestTypeSchema = z.enum(['bill_of_lading', 'booking_number', 'container']);

/** Delivery status of a webhook notification. */
export const WebhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);

/** Where the service learned a fact. */
export const DataSourceSchema = z.enum(['shipping_line', 'terminal', 'ais']);

/** Why the service stopped checking the carrier for a shipment. */
export const LineTrackingStoppedReasonSchema = z.enum([
  'all_containers_terminated',
  'past_arrival_window',
  'past_full_out_window',
  'no_updates_at_line',
  'cancelled_by_user',
  'booking_cancelled',
]);

/** Why a tracking request failed. */
export const TrackingRequestFailedReasonSchema = z.enum([
  'booking_cancelled',
  'duplicate',
  'expired',
  'internal_processing_error',
  'invalid_number',
  'not_found',
  'retries_exhausted',
  'shipping_line_unreachable',
  'unrecognized_response',
  'data_unavailable',
  'scac_auto_detect_failed',
]);
