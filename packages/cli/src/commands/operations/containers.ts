import { fetchTransportEventsSummary } from '@shiptrack/sdk';
import {
  GET_CONTAINER_OPTIONS,
  getContainerArguments,
  LIST_CONTAINER_RAW_EVENTS_OPTIONS,
  LIST_CONTAINER_TRANSPORT_EVENTS_OPTIONS,
  LIST_CONTAINERS_OPTIONS,
  listContainerRawEventsArguments,
  listContainersArguments,
  listContainerTransportEventsArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { required, texts } from '../option-specs.js';
import { idOrNumber } from './values.js';

/** `shiptrack containers ...`: one entry per SDK operation. */
export const CONTAINER_OPERATIONS: readonly Operation[] = [
  list({
    group: 'containers',
    verb: 'list',
    summary: 'List containers',
    example: 'shiptrack containers list --status available --fields id,number,lastFreeDay.date',
    options: LIST_CONTAINERS_OPTIONS,
    run: (client, _args, o, call) =>
      client.containers.list({ ...call, ...listContainersArguments(o) }),
  }),
  one({
    group: 'containers',
    verb: 'get',
    summary: 'Show one container',
    example: 'shiptrack containers get MAEU4002159 --include shipment,pod_terminal',
    args: idOrNumber('container'),
    options: GET_CONTAINER_OPTIONS,
    tableIncludes: ['pod_terminal'],
    run: (client, a, o, call) =>
      client.containers.get(a.id, { ...call, ...getContainerArguments(o) }),
  }),
  list({
    group: 'containers',
    verb: 'events',
    summary: "List a container's transport events (its timeline)",
    example: 'shiptrack containers events MAEU4002159 --all',
    args: idOrNumber('container'),
    options: LIST_CONTAINER_TRANSPORT_EVENTS_OPTIONS,
    tableIncludes: ['location', 'terminal'],
    run: (client, a, o, call) =>
      client.containers.transportEvents(a.id, {
        ...call,
        ...listContainerTransportEventsArguments(o),
      }),
  }),
  list({
    group: 'containers',
    verb: 'raw-events',
    summary: "List a container's raw carrier events",
    example: 'shiptrack containers raw-events <id>',
    args: idOrNumber('container'),
    options: LIST_CONTAINER_RAW_EVENTS_OPTIONS,
    run: (client, a, o, call) =>
      client.containers.rawEvents(a.id, { ...call, ...listContainerRawEventsArguments(o) }),
  }),
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
    verb: 'refresh',
    summary: 'Ask the service to check the terminal now (10 per minute)',
    example: 'shiptrack containers refresh <id>',
    args: idOrNumber('container'),
    run: (client, a, _o, call) => client.containers.refresh(a.id, call),
  }),
  one({
    group: 'containers',
    verb: 'route',
    summary: "Show a container's route with its stops (a paid feature)",
    example: 'shiptrack containers route <id>',
    args: idOrNumber('container'),
    run: (client, a, _o, call) => client.containers.route(a.id, call),
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
  one({
    group: 'containers',
    verb: 'map',
    summary: "Print a container's journey as GeoJSON (ports, paths, the vessel; a paid feature)",
    example: 'shiptrack containers map <id> > journey.geojson',
    args: idOrNumber('container'),
    bare: true,
    run: (client, a, _o, call) => client.containers.map(a.id, call),
  }),
];
