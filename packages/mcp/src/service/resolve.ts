import {
  AmbiguousNumberError,
  type RecordKey,
  RecordNotFoundError,
  resolveContainer,
  resolveShipment,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { ToolError } from '../core/errors.js';

/**
 * The SDK's resolution failures in the tool's words, with the tool that
 * helps next; anything else as it is.
 */
function inToolWords(error: unknown): unknown {
  if (error instanceof RecordNotFoundError) {
    if (error.pending) {
      return new ToolError(
        'not_found',
        `${error.value} is not in your account yet: its tracking request (id ${error.pending.id}) is ${error.pending.status}.`,
        {
          next: `Wait for the carrier's answer (list_tracking_requests shows the status), then call again.`,
        },
      );
    }
    return new ToolError(
      'not_found',
      `There is no ${error.kind.replace('_', ' ')} with id, container, bill of lading or booking number ${error.value} in your account.`,
      {
        next: 'search_container finds partial numbers and gives ids; track_container starts tracking a new number.',
      },
    );
  }
  if (error instanceof AmbiguousNumberError) {
    return new ToolError('invalid_argument', error.summary, {
      next: 'Call again with one container number or id.',
    });
  }
  return error;
}

/**
 * The container id a person or model meant (the SDK's `resolveContainer`,
 * which the CLI shares): the id itself, the container of that number, or
 * the only container of the shipment with that bill of lading or booking
 * number. Exact matches only: a partial number is for search_container.
 */
export async function resolveContainerId(
  client: ShiptrackClient,
  value: string | RecordKey,
): Promise<string> {
  try {
    return (await resolveContainer(client, value)).id;
  } catch (error) {
    throw inToolWords(error);
  }
}

/**
 * The shipment id a person or model meant (the SDK's `resolveShipment`):
 * the id itself, the shipment with that bill of lading or booking number,
 * or the shipment of the container with that number.
 */
export async function resolveShipmentId(client: ShiptrackClient, value: string): Promise<string> {
  try {
    return (await resolveShipment(client, value)).id;
  } catch (error) {
    throw inToolWords(error);
  }
}
