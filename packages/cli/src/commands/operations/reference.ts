import { usageError } from '../../errors/cli-error.js';
import {
  LIST_SHIPPING_LINES_OPTIONS,
  listShippingLinesArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { decimal, required, text } from '../option-specs.js';
import { id } from './values.js';

/** Shipping lines, ports, terminals, vessels, metro areas and search: one entry per SDK operation. */
export const REFERENCE_OPERATIONS: readonly Operation[] = [
  list({
    group: 'shipping-lines',
    verb: 'list',
    summary: 'List the carriers the service tracks',
    example: 'shiptrack shipping-lines list --q maersk',
    options: LIST_SHIPPING_LINES_OPTIONS,
    run: (client, _args, o, call) =>
      client.shippingLines.list({ ...call, ...listShippingLinesArguments(o) }),
  }),
  one({
    group: 'shipping-lines',
    verb: 'get',
    summary: 'Show one carrier',
    example: 'shiptrack shipping-lines get <id>',
    args: id('shipping line'),
    run: (client, a, _o, call) => client.shippingLines.get(a.id, call),
  }),
  one({
    group: 'ports',
    verb: 'get',
    summary: 'Show a port by id or UN/LOCODE',
    example: 'shiptrack ports get NLRTM',
    args: [{ name: 'id', description: "the port's id or UN/LOCODE" }],
    run: (client, a, _o, call) => client.ports.get(a.id, call),
  }),
  one({
    group: 'terminals',
    verb: 'get',
    summary: 'Show a terminal',
    example: 'shiptrack terminals get <id>',
    args: id('terminal'),
    run: (client, a, _o, call) => client.terminals.get(a.id, call),
  }),
  one({
    group: 'vessels',
    verb: 'get',
    summary: 'Show a vessel by id or IMO number',
    example: 'shiptrack vessels get 9811000',
    args: [{ name: 'id', description: "the vessel's id or IMO number" }],
    run: (client, a, _o, call) => client.vessels.get(a.id, call),
  }),
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
    group: 'metro-areas',
    verb: 'get',
    summary: 'Show a metro area (inland destination) by id or UN/LOCODE',
    example: 'shiptrack metro-areas get DEDUI',
    args: [{ name: 'id', description: "the metro area's id or UN/LOCODE" }],
    run: (client, a, _o, call) => client.metroAreas.get(a.id, call),
  }),
  one({
    group: 'search',
    summary: 'Search shipments, containers and tracking requests by any of their numbers',
    example: 'shiptrack search MSCU',
    args: [{ name: 'query', description: 'a number or part of one' }],
    run: (client, a, _o, call) => client.search(a.query, call),
  }),
];
