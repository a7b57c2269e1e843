import { CliError } from '../../errors/cli-error.js';
import { type Operation, one } from '../operation.js';
import { flag, oneOf, required, someOf, text, yesNo } from '../option-specs.js';
import { id, WEBHOOK_EVENTS } from './values.js';

/** `shiptrack webhooks ...` and `shiptrack webhook-notifications ...`: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const WEBHOOK_OPERATIONS: readonly Operation[] = [
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
