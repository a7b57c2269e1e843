/**
 * The known values of the enumerations as closed zod schemas, for inputs
 * (tool arguments, filters, forms) and glossaries. The mapped models accept
 * more: their members are open (`OpenEnum`), because the service may add
 * values. Each schema is built from the list generated from the spec.
 */
import { z } from 'zod';
import {
  CONTAINER_STATUS_VALUES,
  DATA_SOURCE_VALUES,
  LINE_TRACKING_STOPPED_REASON_VALUES,
  TRACKING_REQUEST_FAILED_REASON_VALUES,
  TRACKING_REQUEST_STATUS_VALUES,
  TRACKING_REQUEST_TYPE_VALUES,
  WEBHOOK_DELIVERY_STATUS_VALUES,
} from '../generated/enums.js';

/** The container statuses known today (`current_status`). */
export const ContainerStatusSchema = z.enum(CONTAINER_STATUS_VALUES);
/** The tracking-request statuses known today. */
export const TrackingRequestStatusSchema = z.enum(TRACKING_REQUEST_STATUS_VALUES);
/** The kinds of number a tracking request can follow (a closed list: the service accepts only these). */
export const TrackingRequestTypeSchema = z.enum(TRACKING_REQUEST_TYPE_VALUES);
/** Why a tracking request failed, as known today. */
export const TrackingRequestFailedReasonSchema = z.enum(TRACKING_REQUEST_FAILED_REASON_VALUES);
/** Why the service stopped checking the carrier, as known today. */
export const LineTrackingStoppedReasonSchema = z.enum(LINE_TRACKING_STOPPED_REASON_VALUES);
/** The delivery statuses of a webhook notification known today. */
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUS_VALUES);
/** Where the service learns facts, as known today (`rail` included). */
export const DataSourceSchema = z.enum(DATA_SOURCE_VALUES);
