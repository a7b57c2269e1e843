import { TRACKING_REQUEST_TYPE_VALUES } from '@shiptrack/sdk/spec';
import { type Operation, one } from '../operation.js';
import { integer, oneOf, required, text, texts } from '../option-specs.js';
import { idOrNumber } from './values.js';

/** `shiptrack tracking-requests ...`: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const TRACKING_REQUEST_OPERATIONS: readonly Operation[] = [
  one({
    group: 'tracking-requests',
    verb: 'create',
    summary: 'Create a tracking request as given (`shiptrack track` infers type and carrier)',
    example: 'shiptrack tracking-requests create --type container --number MSCU1234566 --scac MSCU',
    options: {
      type: required(oneOf(TRACKING_REQUEST_TYPE_VALUES, 'the kind of number')),
      number: required(text('the number to track', 'number')),
      scac: required(text("the carrier's SCAC", 'scac')),
      refNumbers: texts('your reference numbers'),
    },
    run: (client, _args, o, call) =>
      client.trackingRequests.create(
        { requestType: o.type, requestNumber: o.number, scac: o.scac, refNumbers: o.refNumbers },
        call,
      ),
  }),
  one({
    group: 'tracking-requests',
    verb: 'update',
    summary: "Replace a tracking request's reference numbers",
    example: 'shiptrack tracking-requests update <id> --ref-numbers PO-1',
    args: idOrNumber('tracking_request'),
    options: { refNumbers: required(texts('reference numbers (replaces them)')) },
    run: (client, a, o, call) =>
      client.trackingRequests.update(a.id, { refNumbers: o.refNumbers }, call),
  }),
  one({
    group: 'tracking-requests',
    verb: 'find-existing',
    summary: 'Find the pending or created request for a number and carrier (null when none)',
    example: 'shiptrack tracking-requests find-existing --number MSCU1234566 --scac MSCU',
    options: {
      number: required(text('the tracked number', 'number')),
      scac: required(text("the carrier's SCAC", 'scac')),
    },
    run: async (client, _args, o, call) =>
      (await client.trackingRequests.findExisting(o.number, o.scac, call)) ?? null,
  }),
  one({
    group: 'tracking-requests',
    verb: 'wait',
    summary: 'Wait until a tracking request is created, failed or stopped, then show it',
    example: 'shiptrack tracking-requests wait <id> --timeout 300',
    args: idOrNumber('tracking_request'),
    options: { timeout: integer('give up after this many seconds (default 900)', 'seconds') },
    run: (client, a, o, call) =>
      client.trackingRequests.waitFor(a.id, {
        format: call.format,
        signal: call.signal,
        timeoutMs: o.timeout === undefined ? undefined : o.timeout * 1000,
      }),
  }),
  one({
    group: 'tracking-requests',
    verb: 'infer',
    summary: 'Ask the service what a number is and which carrier it belongs to',
    example: 'shiptrack tracking-requests infer MAEU240511987',
    args: [{ name: 'number', description: 'a container, bill of lading or booking number' }],
    run: (client, a, _o, call) => client.trackingRequests.inferNumber(a.number, call),
  }),
];
