import type {
  ContainerInclude,
  ShipmentInclude,
  TrackingRequestInclude,
  WebhookNotificationInclude,
} from '@shiptrack/sdk';
import {
  CONTAINER_STATUS_VALUES,
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
  TRACKING_REQUEST_STATUS_VALUES,
  TRACKING_REQUEST_TYPE_VALUES,
  WEBHOOK_DELIVERY_STATUS_VALUES,
} from '@shiptrack/sdk/spec';
import { CliError } from '../errors/cli-error.js';
import { list, type Operation, one } from './operation.js';
import { flag, oneOf, required, someOf, text, texts, valuesOf, yesNo } from './option-specs.js';

// Keyed by the SDK's generated include types: a value the spec adds breaks the build until listed.
const CONTAINER_INCLUDES = valuesOf<ContainerInclude>({
  shipment: true,
  pod_terminal: true,
  transport_events: true,
});
const SHIPMENT_INCLUDES = valuesOf<ShipmentInclude>({
  containers: true,
  pod_terminal: true,
  port_of_lading: true,
  port_of_discharge: true,
  destination: true,
  destination_terminal: true,
});
const REQUEST_INCLUDES = valuesOf<TrackingRequestInclude>({
  tracked_object: true,
});
const NOTIFICATION_INCLUDES = valuesOf<WebhookNotificationInclude>({
  webhook: true,
  reference_object: true,
});
const WEBHOOK_EVENTS = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
];

const id = (what: string) => [{ name: 'id', description: `the ${what}'s id` }] as const;
const updatedAfter = text('only records changed after this time (ISO 8601)', 'time');

/**
 * Every SDK operation as a command: one entry each, whose `run` is the
 * SDK call with the command's arguments. Registration (register.ts) turns
 * the entries into commander commands, so each command's options, help and
 * completion come from here.
 */
export const OPERATIONS: readonly Operation[] = [
  list({
    group: 'shipments',
    verb: 'list',
    summary: 'List shipments',
    example: 'shiptrack shipments list --port NLRTM --fields id,billOfLading,podEtaAt',
    args: [],
    options: {
      q: text('bill of lading, booking, container or reference number'),
      number: text('exact bill of lading or booking number'),
      include: someOf(SHIPMENT_INCLUDES, 'related records to embed'),
      trackingStopped: yesNo('only shipments whose tracking stopped (true) or not (false)'),
      port: text('UN/LOCODE of the port of discharge', 'locode'),
      carrier: text('SCAC of the shipping line', 'scac'),
      updatedAfter,
      containerStatus: oneOf(
        CONTAINER_STATUS_VALUES,
        'only shipments with a container in this status',
      ),
    },
    run: (client, _args, o, call) =>
      client.shipments.list({
        ...call,
        q: o.q,
        number: o.number,
        include: o.include,
        filter: {
          trackingStopped: o.trackingStopped,
          port: o.port,
          carrier: o.carrier,
          updatedAfter: o.updatedAfter,
          containerStatus: o.containerStatus,
        },
      }),
  }),
  one({
    group: 'shipments',
    verb: 'get',
    summary: 'Show one shipment',
    example: 'shiptrack shipments get <id> --include containers',
    args: id('shipment'),
    options: { include: someOf(SHIPMENT_INCLUDES, 'related records to embed') },
    run: (client, a, o, call) => client.shipments.get(a.id, { ...call, include: o.include }),
  }),
  one({
    group: 'shipments',
    verb: 'update',
    summary: "Replace a shipment's reference numbers and/or tags",
    example: 'shiptrack shipments update <id> --ref-numbers PO-1,PO-2 --tags urgent',
    args: id('shipment'),
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
    args: id('shipment'),
    options: {},
    run: (client, a, _o, call) => client.shipments.stopTracking(a.id, call),
  }),
  one({
    group: 'shipments',
    verb: 'resume-tracking',
    summary: 'Check the carrier for a shipment again',
    example: 'shiptrack shipments resume-tracking <id>',
    args: id('shipment'),
    options: {},
    run: (client, a, _o, call) => client.shipments.resumeTracking(a.id, call),
  }),
  list({
    group: 'containers',
    verb: 'list',
    summary: 'List containers',
    example: 'shiptrack containers list --status available --fields id,number,demurrage.pickupLfd',
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
    example: 'shiptrack containers get <id> --include shipment,pod_terminal',
    args: id('container'),
    options: { include: someOf(CONTAINER_INCLUDES, 'related records to embed') },
    run: (client, a, o, call) => client.containers.get(a.id, { ...call, include: o.include }),
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
  list({
    group: 'tracking-requests',
    verb: 'list',
    summary: 'List tracking requests',
    example: 'shiptrack tracking-requests list --status pending',
    args: [],
    options: {
      q: text('request or reference number'),
      include: someOf(REQUEST_INCLUDES, 'related records to embed'),
      status: oneOf(TRACKING_REQUEST_STATUS_VALUES, 'only requests in this status'),
      requestType: oneOf(TRACKING_REQUEST_TYPE_VALUES, 'only requests of this type'),
      scac: text('only requests for this carrier', 'scac'),
      requestNumber: text('only requests for this exact number', 'number'),
    },
    run: (client, _args, o, call) =>
      client.trackingRequests.list({
        ...call,
        q: o.q,
        include: o.include,
        filter: {
          status: o.status,
          requestType: o.requestType,
          scac: o.scac,
          requestNumber: o.requestNumber,
        },
      }),
  }),
  one({
    group: 'tracking-requests',
    verb: 'get',
    summary: 'Show one tracking request',
    example: 'shiptrack tracking-requests get <id> --include tracked_object',
    args: id('tracking request'),
    options: { include: someOf(REQUEST_INCLUDES, 'related records to embed') },
    run: (client, a, o, call) => client.trackingRequests.get(a.id, { ...call, include: o.include }),
  }),
  one({
    group: 'tracking-requests',
    verb: 'create',
    summary: 'Create a tracking request as given (`shiptrack track` infers type and carrier)',
    example: 'shiptrack tracking-requests create --type container --number MSCU1234566 --scac MSCU',
    args: [],
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
    args: id('tracking request'),
    options: { refNumbers: required(texts('reference numbers (replaces them)')) },
    run: (client, a, o, call) =>
      client.trackingRequests.update(a.id, { refNumbers: o.refNumbers }, call),
  }),
  one({
    group: 'tracking-requests',
    verb: 'infer',
    summary: 'Ask the service what a number is and which carrier it belongs to',
    example: 'shiptrack tracking-requests infer MAEU240511987',
    args: [{ name: 'number', description: 'a container, bill of lading or booking number' }],
    options: {},
    run: (client, a, _o, call) => client.trackingRequests.inferNumber(a.number, call),
  }),
  list({
    group: 'webhooks',
    verb: 'list',
    summary: 'List webhooks',
    example: 'shiptrack webhooks list',
    args: [],
    options: {},
    run: (client, _args, _o, call) => client.webhooks.list(call),
  }),
  one({
    group: 'webhooks',
    verb: 'get',
    summary: 'Show one webhook',
    example: 'shiptrack webhooks get <id>',
    args: id('webhook'),
    options: {},
    run: (client, a, _o, call) => client.webhooks.get(a.id, call),
  }),
  one({
    group: 'webhooks',
    verb: 'create',
    summary: 'Subscribe an HTTPS endpoint (prints its signing secret once)',
    example: 'shiptrack webhooks create --url https://example.com/hooks --events container.updated',
    args: [],
    options: {
      url: required(text('a public HTTPS address', 'url')),
      events: required(someOf(WEBHOOK_EVENTS, 'events to deliver')),
      inactive: flag('create it paused'),
    },
    run: (client, _args, o, call) =>
      client.webhooks.create(
        { url: o.url, events: o.events, active: o.inactive ? false : undefined },
        call,
      ),
  }),
  one({
    group: 'webhooks',
    verb: 'update',
    summary: 'Change a webhook (members left out stay)',
    example: 'shiptrack webhooks update <id> --active false',
    args: id('webhook'),
    options: {
      url: text('a new address', 'url'),
      events: someOf(WEBHOOK_EVENTS, 'events to deliver (replaces them)'),
      active: yesNo('deliver (true) or pause (false)'),
    },
    run: (client, a, o, call) =>
      client.webhooks.update(a.id, { url: o.url, events: o.events, active: o.active }, call),
  }),
  one({
    group: 'webhooks',
    verb: 'delete',
    summary: 'Delete a webhook',
    example: 'shiptrack webhooks delete <id>',
    args: id('webhook'),
    options: {},
    run: async (client, a, _o, call) => {
      await client.webhooks.delete(a.id, { signal: call.signal });
      return { id: a.id, deleted: true };
    },
  }),
  one({
    group: 'webhooks',
    verb: 'events',
    summary: 'List the events a webhook can subscribe to',
    example: 'shiptrack webhooks events',
    args: [],
    options: {},
    run: (client, _args, _o, call) => client.webhooks.events(call),
  }),
  one({
    group: 'webhooks',
    verb: 'trigger',
    summary: 'Send a signed sample delivery to a URL',
    example: 'shiptrack webhooks trigger --url https://example.com/hooks --event container.updated',
    args: [],
    options: {
      url: required(text('where to deliver', 'url')),
      event: required(oneOf(WEBHOOK_EVENTS, 'the event to send')),
      secret: text('the key to sign with (a throw-away key when absent)', 'secret'),
    },
    run: (client, _args, o, call) =>
      client.webhooks.trigger({ url: o.url, event: o.event, secret: o.secret }, call),
  }),
  one({
    group: 'webhooks',
    verb: 'ips',
    summary: 'Show the addresses deliveries come from',
    example: 'shiptrack webhooks ips',
    args: [],
    options: {},
    run: (client, _args, _o, call) => client.webhooks.ips(call),
  }),
  list({
    group: 'webhook-notifications',
    verb: 'list',
    summary: 'List webhook deliveries',
    example: 'shiptrack webhook-notifications list --delivery-status failed',
    args: [],
    options: {
      include: someOf(NOTIFICATION_INCLUDES, 'related records to embed'),
      event: oneOf(WEBHOOK_EVENTS, 'only this event'),
      deliveryStatus: oneOf(WEBHOOK_DELIVERY_STATUS_VALUES, 'only deliveries in this status'),
    },
    run: (client, _args, o, call) =>
      client.webhookNotifications.list({
        ...call,
        include: o.include,
        filter: { event: o.event, deliveryStatus: o.deliveryStatus },
      }),
  }),
  one({
    group: 'webhook-notifications',
    verb: 'get',
    summary: 'Show one webhook delivery',
    example: 'shiptrack webhook-notifications get <id>',
    args: id('notification'),
    options: { include: someOf(NOTIFICATION_INCLUDES, 'related records to embed') },
    run: (client, a, o, call) =>
      client.webhookNotifications.get(a.id, { ...call, include: o.include }),
  }),
  one({
    group: 'webhook-notifications',
    verb: 'examples',
    summary: 'Show example deliveries of an event',
    example: 'shiptrack webhook-notifications examples container.updated',
    args: [{ name: 'event', description: 'an event name, such as container.updated' }],
    options: {},
    run: (client, a, _o, call) => {
      const event = WEBHOOK_EVENTS.find((known) => known === a.event);
      if (event === undefined) {
        throw new CliError(
          'validation',
          'invalid_argument',
          `"${a.event}" is not an event name: pass one of ${WEBHOOK_EVENTS.join(', ')}.`,
        );
      }
      return client.webhookNotifications.examples(event, call);
    },
  }),
  list({
    group: 'shipping-lines',
    verb: 'list',
    summary: 'List the carriers the service tracks',
    example: 'shiptrack shipping-lines list --q maersk',
    args: [],
    options: { q: text('name, short name or SCAC') },
    run: (client, _args, o, call) => client.shippingLines.list({ ...call, q: o.q }),
  }),
  one({
    group: 'shipping-lines',
    verb: 'get',
    summary: 'Show one carrier',
    example: 'shiptrack shipping-lines get <id>',
    args: id('shipping line'),
    options: {},
    run: (client, a, _o, call) => client.shippingLines.get(a.id, call),
  }),
  one({
    group: 'ports',
    verb: 'get',
    summary: 'Show a port by id or UN/LOCODE',
    example: 'shiptrack ports get NLRTM',
    args: [{ name: 'id', description: "the port's id or UN/LOCODE" }],
    options: {},
    run: (client, a, _o, call) => client.ports.get(a.id, call),
  }),
  one({
    group: 'terminals',
    verb: 'get',
    summary: 'Show a terminal',
    example: 'shiptrack terminals get <id>',
    args: id('terminal'),
    options: {},
    run: (client, a, _o, call) => client.terminals.get(a.id, call),
  }),
  one({
    group: 'vessels',
    verb: 'get',
    summary: 'Show a vessel by id or IMO number',
    example: 'shiptrack vessels get 9811000',
    args: [{ name: 'id', description: "the vessel's id or IMO number" }],
    options: {},
    run: (client, a, _o, call) => client.vessels.get(a.id, call),
  }),
  one({
    group: 'metro-areas',
    verb: 'get',
    summary: 'Show a metro area (inland destination) by id or UN/LOCODE',
    example: 'shiptrack metro-areas get DEDUI',
    args: [{ name: 'id', description: "the metro area's id or UN/LOCODE" }],
    options: {},
    run: (client, a, _o, call) => client.metroAreas.get(a.id, call),
  }),
  one({
    group: 'search',
    summary: 'Search shipments, containers and tracking requests by any of their numbers',
    example: 'shiptrack search MSCU',
    args: [{ name: 'query', description: 'a number or part of one' }],
    options: {},
    run: (client, a, _o, call) => client.search(a.query, call),
  }),
];
