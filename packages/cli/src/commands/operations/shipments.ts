import {
  GET_SHIPMENT_OPTIONS,
  getShipmentArguments,
  LIST_SHIPMENTS_OPTIONS,
  listShipmentsArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { texts } from '../option-specs.js';
import { idOrNumber } from './values.js';

/** `shiptrack shipments ...`: one entry per SDK operation. */
export const SHIPMENT_OPERATIONS: readonly Operation[] = [
  list({
    group: 'shipments',
    verb: 'list',
    summary: 'List shipments',
    example: 'shiptrack shipments list --port NLRTM --fields id,billOfLading,podEtaAt',
    options: LIST_SHIPMENTS_OPTIONS,
    run: (client, _args, o, call) =>
      client.shipments.list({ ...call, ...listShipmentsArguments(o) }),
  }),
  one({
    group: 'shipments',
    verb: 'get',
    summary: 'Show one shipment',
    example: 'shiptrack shipments get 241038926 --include containers',
    args: idOrNumber('shipment'),
    options: GET_SHIPMENT_OPTIONS,
    run: (client, a, o, call) =>
      client.shipments.get(a.id, { ...call, ...getShipmentArguments(o) }),
  }),
  one({
    group: 'shipments',
    verb: 'update',
    summary: "Replace a shipment's reference numbers and/or tags",
    example: 'shiptrack shipments update <id> --ref-numbers PO-1,PO-2 --tags urgent',
    args: idOrNumber('shipment'),
    options: {
      refNumbers: texts('reference numbers (replaces them)'),
      tags: texts('tags (replaces them)'),
    },
    run: (client, a, o, call) =>
      client.shipments.update(a.id, { refNumbers: o.refNumbers, tags: o.tags }, call),
  }),
  one({
    group: 'shipments',
    verb: 'stop-tracking',
    summary: 'Stop checking the carrier for a shipment',
    example: 'shiptrack shipments stop-tracking <id>',
    args: idOrNumber('shipment'),
    run: (client, a, _o, call) => client.shipments.stopTracking(a.id, call),
  }),
  one({
    group: 'shipments',
    verb: 'resume-tracking',
    summary: 'Check the carrier for a shipment again',
    example: 'shiptrack shipments resume-tracking <id>',
    args: idOrNumber('shipment'),
    run: (client, a, _o, call) => client.shipments.resumeTracking(a.id, call),
  }),
];
