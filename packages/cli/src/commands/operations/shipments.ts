import { type Operation, one } from '../operation.js';
import { texts } from '../option-specs.js';
import { idOrNumber } from './values.js';

/** `shiptrack shipments ...`: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const SHIPMENT_OPERATIONS: readonly Operation[] = [
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
];
