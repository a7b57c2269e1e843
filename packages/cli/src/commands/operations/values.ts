/** Values and arguments that several groups' commands share. */
import type { ResolvedKind } from '@shiptrack/sdk';
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

/** The one positional argument of a command about one record, by its id. */
export const id = (what: string) => [{ name: 'id', description: `the ${what}'s id` }] as const;

/** What each kind of record is also found by, besides its id. */
const NUMBERS = {
  container: 'number (or the bill of lading of its only container)',
  shipment: 'bill of lading or booking number, or one of its container numbers',
  tracking_request: 'request number',
} as const satisfies Record<ResolvedKind, string>;

/**
 * The argument of a command about a container, shipment or tracking
 * request: its id or its number, resolved by the SDK as MCP resolves it.
 */
export const idOrNumber = <K extends ResolvedKind>(record: K) =>
  [
    {
      name: 'id',
      description: `the ${record.replace('_', ' ')}'s id, or its ${NUMBERS[record]}`,
      record,
    },
  ] as const;
