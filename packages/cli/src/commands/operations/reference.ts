import { usageError } from '../../errors/cli-error.js';
import { type Operation, one } from '../operation.js';
import { decimal, required, text } from '../option-specs.js';

/** Shipping lines, ports, terminals, vessels, metro areas and search: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const REFERENCE_OPERATIONS: readonly Operation[] = [
  one({
    group: 'vessels',
    verb: 'future-positions',
    summary:
      'Show where a vessel is expected to be until its next port (from --latitude/--longitude when given)',
    example:
      'shiptrack vessels future-positions <id> --port-id <id> --previous-port-id <id> --fields positions',
    args: [{ name: 'id', description: "the vessel's id or IMO number" }],
    options: {
      portId: required(text('the id of the port it is heading for', 'id')),
      previousPortId: required(text('the id of the port it left last', 'id')),
      latitude: decimal('start from this latitude (decimal degrees, with --longitude)', 'degrees'),
      longitude: decimal('start from this longitude (decimal degrees, with --latitude)', 'degrees'),
    },
    run: (client, a, o, call) => {
      const leg = { ...call, portId: o.portId, previousPortId: o.previousPortId };
      if (o.latitude === undefined && o.longitude === undefined) {
        return client.vessels.futurePositions(a.id, leg);
      }
      if (o.latitude === undefined || o.longitude === undefined) {
        throw usageError('--latitude and --longitude go together: pass both, or neither.');
      }
      return client.vessels.futurePositionsFrom(a.id, {
        ...leg,
        latitude: o.latitude,
        longitude: o.longitude,
      });
    },
  }),
  one({
    group: 'search',
    summary: 'Search shipments, containers and tracking requests by any of their numbers',
    example: 'shiptrack search MSCU',
    args: [{ name: 'query', description: 'a number or part of one' }],
    run: (client, a, _o, call) => client.search(a.query, call),
  }),
];
