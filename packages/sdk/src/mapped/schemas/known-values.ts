/**
 * The known values of the enumerations as closed zod schemas, for inputs
 * (tool arguments, filters, forms) and glossaries. The mapped models accept
 * more: their members are open (`OpenEnum`), because the service may add
 * values. Each schema is built from the list generated from the spec.
 */
import * as z from 'zod';
import {
  CONTAINER_STATUS_VALUES,
  DATA_SOURCE_VALUES,
  LINE_TRACKING_STOPPED_REASON_VALUES,
  TRACKING_REQUEST_FAILED_REASON_VALUES,
  TRACKING_REQUEST_STATUS_VALUES,
  TRACKING_REQUEST_TYPE_VALUES,
  WEBHOOK_DELIVERY_STATUS_VALUES,
} from '../../generated/enums.js';
import { declareSchema } from './common.js';

/** The container statuses known today (`current_status`). */
export const ContainerStatusSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(CONTAINER_STATUS_VALUES),
);

/** The tracking-request statuses known today. */
export const TrackingRequestStatusSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(TRACKING_REQUEST_STATUS_VALUES),
);

/** The kinds of number a tracking request can follow (a closed list: the service accepts only these). */
export const TrackingRequestTypeSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(TRACKING_REQUEST_TYPE_VALUES),
);

/** Why a tracking request failed, as known today. */
export const TrackingRequestFailedReasonSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(TRACKING_REQUEST_FAILED_REASON_VALUES),
);

/** Why the service stopped checking the carrier, as known today. */
export const LineTrackingStoppedReasonSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(LINE_TRACKING_STOPPED_REASON_VALUES),
);

/** The delivery statuses of a webhook notification known today. */
export const WebhookDeliveryStatusSchema = /* @__PURE__ */ declareSchema(() =>
  z.enum(WEBHOOK_DELIVERY_STATUS_VALUES),
);

/** Where the service learns facts, as known today (`rail` included). */
export const DataSourceSchema = /* @__PURE__ */ declareSchema(() => z.enum(DATA_SOURCE_VALUES));
