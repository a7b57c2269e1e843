import { fetchTransportEventsSummary } from '@shiptrack/sdk';
import { type Operation, one } from '../operation.js';
import { required, texts } from '../option-specs.js';
import { idOrNumber } from './values.js';

/** `shiptrack containers ...`: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const CONTAINER_OPERATIONS: readonly Operation[] = [
  one({
    group: 'containers',
    verb: 'timeline',
    summary: "Summarize a container's events: milestones, a timeline, counts per category",
    example: 'shiptrack containers timeline MAEU4002159',
    args: idOrNumber('container'),
    run: (client, a, _o, call) =>
      fetchTransportEventsSummary(client, a.id, { signal: call.signal }),
  }),
  one({
    group: 'containers',
    verb: 'update',
    summary: "Replace a container's reference numbers",
    example: 'shiptrack containers update <id> --ref-numbers PO-1,PO-2',
    args: idOrNumber('container'),
    options: { refNumbers: required(texts('reference numbers (replaces them)')) },
    run: (client, a, o, call) => client.containers.update(a.id, { refNumbers: o.refNumbers }, call),
  }),
];
