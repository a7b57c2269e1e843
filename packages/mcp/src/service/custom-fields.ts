import {
  type MappedCustomField,
  NotFoundError,
  PermissionDeniedError,
  type ShiptrackClient,
} from '@shiptrack/sdk';

/** The records whose custom field values a tool shows. */
export type CustomFieldOwner = 'container' | 'shipment';

/** Why a record's custom field values could not be read. */
export type CustomFieldsUnavailable = 'not_enabled' | 'not_found';

/** A record's custom field values, or why they were not available. */
export type CustomFieldsRead =
  | { available: true; values: MappedCustomField[] }
  | { available: false; reason: CustomFieldsUnavailable };

/**
 * The custom field values of a container or shipment: one request
 * (`GET /{containers|shipments}/{id}/custom_fields`, through the SDK's
 * per-record custom fields). A 403 (custom fields not enabled for the
 * account) or a 404 (the service does not offer them) is an answer, not a
 * failure: the tool that asked still answers; any other error is thrown.
 */
export async function readCustomFields(
  client: ShiptrackClient,
  owner: CustomFieldOwner,
  id: string,
): Promise<CustomFieldsRead> {
  const fields =
    owner === 'container' ? client.containers.customFields(id) : client.shipments.customFields(id);
  try {
    return { available: true, values: await fields.list({ format: 'mapped' }) };
  } catch (error) {
    if (error instanceof PermissionDeniedError) return { available: false, reason: 'not_enabled' };
    if (error instanceof NotFoundError) return { available: false, reason: 'not_found' };
    throw error;
  }
}
