/** Values and arguments that several groups' commands share. */
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
} from '@shiptrack/sdk/spec';

/** Every webhook event name of the spec. */
export const WEBHOOK_EVENTS = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
];

/** The one positional argument of a command about one record. */
export const id = (what: string) => [{ name: 'id', description: `the ${what}'s id` }] as const;

/** The argument of a `get` that also takes a number (resolved as MCP does, through the SDK). */
export const idOrNumber = (what: string, numbers: string) =>
  [{ name: 'id', description: `the ${what}'s id, or its ${numbers}` }] as const;
