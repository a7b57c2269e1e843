import {
  looksLikeContainerNumber,
  type MappedShipment,
  normalizeContainerNumber,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { ToolError } from '../core/errors.js';
import { findContainerByNumber, findRequestsByNumber, findShipmentByNumber } from './existing.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Containers of a shipment named at most when its number does not pick one. */
const NAMED_LIMIT = 10;

/** Whether a value is a record id (a UUID) rather than a number a person types. */
export function isRecordId(value: string): boolean {
  return UUID.test(value.trim());
}

/** A container number as carriers write it (`maeu 400215-9` is `MAEU4002159`); other numbers as given. */
export function canonical(value: string): string {
  const asContainer = normalizeContainerNumber(value);
  return looksLikeContainerNumber(asContainer) ? asContainer : value;
}

/** The not-found answer for a number, saying whether a request for it is still pending. */
async function unknownNumber(
  client: ShiptrackClient,
  number: string,
  kind: 'container' | 'shipment',
): Promise<ToolError> {
  const pending = (await findRequestsByNumber(client, number)).find(
    (request) => request.status === 'pending' || request.status === 'awaiting_manifest',
  );
  if (pending) {
    return new ToolError(
      'not_found',
      `${number} is not in your account yet: its tracking request (id ${pending.id}) is ${pending.status}.`,
      {
        next: `Wait for the carrier's answer (list_tracking_requests shows the status), then call again.`,
      },
    );
  }
  return new ToolError(
    'not_found',
    `There is no ${kind} with id, container, bill of lading or booking number ${number} in your account.`,
    {
      next: 'search_container finds partial numbers and gives ids; track_container starts tracking a new number.',
    },
  );
}

/** The one container of a shipment found by its number, or a refusal naming its containers. */
function onlyContainer(shipment: MappedShipment, number: string): string {
  const containers = shipment.containers ?? [];
  const [first] = containers;
  if (containers.length === 1 && first) return first.id;
  if (containers.length === 0) {
    throw new ToolError(
      'not_found',
      `${number} is a shipment (id ${shipment.id}) without containers yet.`,
      {
        next: 'get_shipment_details shows the shipment; call again once the carrier lists its containers.',
      },
    );
  }
  const named = containers
    .slice(0, NAMED_LIMIT)
    .map((container) => `${container.number ?? '(no number)'} (id ${container.id})`);
  const more =
    containers.length > NAMED_LIMIT ? `, and ${containers.length - NAMED_LIMIT} more` : '';
  throw new ToolError(
    'invalid_argument',
    `${number} is a shipment with ${containers.length} containers: ${named.join(', ')}${more}.`,
    { next: 'Call again with one container number or id.' },
  );
}

/**
 * The container id a person or model meant: the id itself, the container
 * of that number, or the only container of the shipment with that bill of
 * lading or booking number. Exact matches only: a partial number is for
 * search_container.
 */
export async function resolveContainerId(client: ShiptrackClient, value: string): Promise<string> {
  const given = canonical(value.trim());
  if (isRecordId(given)) return given;
  const container = await findContainerByNumber(client, given);
  if (container) return container.id;
  const shipment = await findShipmentByNumber(client, given);
  if (shipment) return onlyContainer(shipment, given);
  throw await unknownNumber(client, given, 'container');
}

/**
 * The shipment id a person or model meant: the id itself, the shipment
 * with that bill of lading or booking number, or the shipment of the
 * container with that number.
 */
export async function resolveShipmentId(client: ShiptrackClient, value: string): Promise<string> {
  const given = canonical(value.trim());
  if (isRecordId(given)) return given;
  const shipment = await findShipmentByNumber(client, given);
  if (shipment) return shipment.id;
  const container = await findContainerByNumber(client, given);
  if (container?.shipmentId) return container.shipmentId;
  throw await unknownNumber(client, given, 'shipment');
}
