import { CliError } from '../../errors/cli-error.js';
import {
  GET_WEBHOOK_NOTIFICATION_OPTIONS,
  getWebhookNotificationArguments,
  LIST_WEBHOOK_NOTIFICATIONS_OPTIONS,
  listWebhookNotificationsArguments,
} from '../../generated/options.js';
import { list, type Operation, one } from '../operation.js';
import { flag, oneOf, required, someOf, text, yesNo } from '../option-specs.js';
import { id, WEBHOOK_EVENTS } from './values.js';

/** `shiptrack webhooks ...` and `shiptrack webhook-notifications ...`: one entry per SDK operation. */
export const WEBHOOK_OPERATIONS: readonly Operation[] = [
  list({
    group: 'webhooks',
    verb: 'list',
    summary: 'List webhooks',
    example: 'shiptrack webhooks list',
    run: (client, _args, _o, call) => client.webhooks.list(call),
  }),
  one({
    group: 'webhooks',
    verb: 'get',
    summary: 'Show one webhook',
    example: 'shiptrack webhooks get <id>',
    args: id('webhook'),
    run: (client, a, _o, call) => client.webhooks.get(a.id, call),
  }),
  one({
    group: 'webhooks',
    verb: 'create',
    summary: 'Subscribe an HTTPS endpoint (prints its signing secret once)',
    example: 'shiptrack webhooks create --url https://example.com/hooks --events container.updated',
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
    run: (client, _args, _o, call) => client.webhooks.events(call),
  }),
  one({
    group: 'webhooks',
    verb: 'trigger',
    summary: 'Send a signed sample delivery to a URL',
    example: 'shiptrack webhooks trigger --url https://example.com/hooks --event container.updated',
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
    run: (client, _args, _o, call) => client.webhooks.ips(call),
  }),
  list({
    group: 'webhook-notifications',
    verb: 'list',
    summary: 'List webhook deliveries',
    example: 'shiptrack webhook-notifications list --delivery-status failed',
    options: LIST_WEBHOOK_NOTIFICATIONS_OPTIONS,
    run: (client, _args, o, call) =>
      client.webhookNotifications.list({ ...call, ...listWebhookNotificationsArguments(o) }),
  }),
  one({
    group: 'webhook-notifications',
    verb: 'get',
    summary: 'Show one webhook delivery',
    example: 'shiptrack webhook-notifications get <id>',
    args: id('notification'),
    options: GET_WEBHOOK_NOTIFICATION_OPTIONS,
    run: (client, a, o, call) =>
      client.webhookNotifications.get(a.id, { ...call, ...getWebhookNotificationArguments(o) }),
  }),
  one({
    group: 'webhook-notifications',
    verb: 'examples',
    summary: 'Show example deliveries of an event',
    example: 'shiptrack webhook-notifications examples container.updated',
    args: [{ name: 'event', description: 'an event name, such as container.updated' }],
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
];
