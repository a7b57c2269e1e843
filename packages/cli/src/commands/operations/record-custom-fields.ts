import type { ResponseFormat, ShiptrackClient } from '@shiptrack/sdk';
import { type Operation, one } from '../operation.js';
import { required, text } from '../option-specs.js';
import { dataType, value } from './custom-fields.js';
import { fieldValue } from './field-values.js';
import { idOrNumber } from './values.js';

/** The record kinds with custom fields of their own, by command group. */
const RECORDS = {
  containers: 'container',
  shipments: 'shipment',
  'tracking-requests': 'tracking_request',
} as const;

/**
 * `shiptrack <records> custom-fields list|set|update|delete <id> ...`: the
 * custom fields of one shipment, container or tracking request, by api slug.
 */
export function recordCustomFieldOperations(records: keyof typeof RECORDS): Operation[] {
  const kind = RECORDS[records];
  const what = kind.replace('_', ' ');
  const group = `${records} custom-fields`;
  const fields = (client: ShiptrackClient<ResponseFormat>, recordId: string) =>
    records === 'containers'
      ? client.containers.customFields(recordId)
      : records === 'shipments'
        ? client.shipments.customFields(recordId)
        : client.trackingRequests.customFields(recordId);
  const slugArgs = [
    ...idOrNumber(kind),
    { name: 'api-slug', description: "the definition's api slug" },
  ] as const;
  return [
    one({
      group,
      verb: 'list',
      summary: `List the custom fields of a ${what}`,
      example: `shiptrack ${group} list <id>`,
      args: idOrNumber(kind),
      run: (client, a, _o, call) => fields(client, a.id).list(call),
    }),
    one({
      group,
      verb: 'set',
      summary: `Set a custom field of a ${what}`,
      example: `shiptrack ${group} set <id> --api-slug priority --value rush`,
      args: idOrNumber(kind),
      options: {
        apiSlug: required(text("the definition's api slug", 'slug')),
        value: required(value),
        dataType,
      },
      run: (client, a, o, call) =>
        fields(client, a.id).create(
          { apiSlug: o.apiSlug, value: fieldValue(o.value, o.dataType), dataType: o.dataType },
          call,
        ),
    }),
    one({
      group,
      verb: 'update',
      summary: `Change a custom field of a ${what}`,
      example: `shiptrack ${group} update <id> priority --value standard`,
      args: slugArgs,
      options: { value: required(value), dataType },
      run: (client, a, o, call) =>
        fields(client, a.id).update(
          a['api-slug'],
          { value: fieldValue(o.value, o.dataType), dataType: o.dataType },
          call,
        ),
    }),
    one({
      group,
      verb: 'delete',
      summary: `Remove a custom field of a ${what}`,
      example: `shiptrack ${group} delete <id> priority`,
      args: slugArgs,
      run: async (client, a, _o, call) => {
        await fields(client, a.id).delete(a['api-slug'], { signal: call.signal });
        return { id: a.id, apiSlug: a['api-slug'], deleted: true };
      },
    }),
  ];
}
