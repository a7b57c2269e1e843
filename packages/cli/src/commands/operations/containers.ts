import { fetchTransportEventsSummary, resolveContainer } from '@shiptrack/sdk';
import { CONTAINER_STATUS_VALUES } from '@shiptrack/sdk/spec';
import { list, type Operation, one } from '../operation.js';
import { oneOf, required, someOf, text, texts } from '../option-specs.js';
import { CONTAINER_INCLUDES, id, idOrNumber, updatedAfter } from './values.js';

/** `shiptrack containers ...`: one entry per SDK operation. */
export const CONTAINER_OPERATIONS: readonly Operation[] = [
  list({
    group: 'containers',
    verb: 'list',
    summary: 'List containers',
    example: 'shiptrack containers list --status available --fields id,number,lastFreeDay.date',
    args: [],
    options: {
      q: text('container, bill of lading, booking or reference number'),
      include: someOf(CONTAINER_INCLUDES, 'related records to embed'),
      status: oneOf(CONTAINER_STATUS_VALUES, 'only containers in this status'),
      port: text("UN/LOCODE of the shipment's port of discharge", 'locode'),
      carrier: text('SCAC of the shipping line', 'scac'),
      updatedAfter,
    },
    run: (client, _args, o, call) =>
      client.containers.list({
        ...call,
        q: o.q,
        include: o.include,
        filter: {
          status: o.status,
          port: o.port,
          carrier: o.carrier,
          updatedAfter: o.updatedAfter,
        },
      }),
  }),
  one({
    group: 'containers',
    verb: 'get',
    summary: 'Show one container',
    example: 'shiptrack containers get MAEU4002159 --include shipment,pod_terminal',
    args: idOrNumber('container', 'number (or the bill of lading of its only container)'),
    options: { include: someOf(CONTAINER_INCLUDES, 'related records to embed') },
    run: async (client, a, o, call) => {
      const { id } = await resolveContainer(client, a.id, { signal: call.signal });
      return client.containers.get(id, { ...call, include: o.include });
    },
  }),
  list({
    group: 'containers',
    verb: 'events',
    summary: "List a container's transport events (its timeline)",
    example: 'shiptrack containers events <id> --all',
    args: id('container'),
    options: {},
    run: (client, a, _o, call) => client.containers.transportEvents(a.id, call),
  }),
  list({
    group: 'containers',
    verb: 'raw-events',
    summary: "List a container's raw carrier events",
    example: 'shiptrack containers raw-events <id>',
    args: id('container'),
    options: {},
    run: (client, a, _o, call) => client.containers.rawEvents(a.id, call),
  }),
  one({
    group: 'containers',
    verb: 'timeline',
    summary: "Summarize a container's events: milestones, a timeline, counts per category",
    example: 'shiptrack containers timeline <id>',
    args: id('container'),
    options: {},
    run: (client, a, _o, call) =>
      fetchTransportEventsSummary(client, a.id, { signal: call.signal }),
  }),
  one({
    group: 'containers',
    verb: 'refresh',
    summary: 'Ask the service to check the terminal now (10 per minute)',
    example: 'shiptrack containers refresh <id>',
    args: id('container'),
    options: {},
    run: (client, a, _o, call) => client.containers.refresh(a.id, call),
  }),
  one({
    group: 'containers',
    verb: 'route',
    summary: "Show a container's route with its stops (a paid feature)",
    example: 'shiptrack containers route <id>',
    args: id('container'),
    options: {},
    run: (client, a, _o, call) => client.containers.route(a.id, call),
  }),
  one({
    group: 'containers',
    verb: 'update',
    summary: "Replace a container's reference numbers",
    example: 'shiptrack containers update <id> --ref-numbers PO-1,PO-2',
    args: id('container'),
    options: { refNumbers: required(texts('reference numbers (replaces them)')) },
    run: (client, a, o, call) => client.containers.update(a.id, { refNumbers: o.refNumbers }, call),
  }),
  one({
    group: 'containers',
    verb: 'map',
    summary: "Print a container's journey as GeoJSON (ports, paths, the vessel; a paid feature)",
    example: 'shiptrack containers map <id> > journey.geojson',
    args: id('container'),
    options: {},
    bare: true,
    run: (client, a, _o, call) => client.containers.map(a.id, call),
  }),
];
