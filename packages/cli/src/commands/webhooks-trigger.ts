/**
 * `webhooks trigger` with a listener of this machine running: it sends to
 * that listener, signed with its secret, so that `webhooks listen` and
 * `webhooks trigger` work together with no flags (as the Stripe CLI's
 * `listen` and `trigger` do). The operation itself stays the table's.
 */
import { usageError } from '../errors/cli-error.js';
import { readListenerState } from '../webhooks/listener-state.js';
import type { Operation, SingleOperation } from './operation.js';
import type { OptionSpec } from './option-specs.js';

/** The sample sent when no `--event` is given: the most common delivery. */
const DEFAULT_EVENT = 'container.updated';

function optional(spec: OptionSpec<unknown> | undefined, description: string): OptionSpec<unknown> {
  if (spec === undefined) throw new Error('webhooks trigger takes --url, --event and --secret');
  return { ...spec, mandatory: false, description };
}

function defaultsFromListener(trigger: SingleOperation, env: NodeJS.ProcessEnv): SingleOperation {
  const { url, event, secret } = trigger.options;
  return {
    ...trigger,
    example: 'shiptrack webhooks trigger   # to the running `shiptrack webhooks listen`',
    options: {
      ...trigger.options,
      url: optional(url, 'where to deliver (default: the running `webhooks listen`)'),
      event: optional(event, `the event to send (default ${DEFAULT_EVENT})`),
      secret: optional(
        secret,
        "the key to sign with (default: the running listener's; else a throw-away key)",
      ),
    },
    run: async (client, args, options, call) => {
      const listener = await readListenerState(env);
      const to = options.url ?? listener?.url;
      if (to === undefined) {
        throw usageError(
          'pass --url, or start `shiptrack webhooks listen` first: trigger then sends to it.',
        );
      }
      // The listener's secret only for the listener's address: another URL gets what was passed.
      const signWith = options.secret ?? (to === listener?.url ? listener.secret : undefined);
      const filled = { ...options, url: to, event: options.event ?? DEFAULT_EVENT };
      return trigger.run(client, args, { ...filled, secret: signWith }, call);
    },
  };
}

/**
 * The table's operations, `webhooks trigger` taking its address and secret
 * from the listener of this machine (see `webhooks/listener-state.ts`)
 * when `--url` or `--secret` is not given.
 */
export function withListenerDefaults(
  operations: readonly Operation[],
  env: NodeJS.ProcessEnv,
): Operation[] {
  return operations.map((operation) =>
    operation.group === 'webhooks' && operation.verb === 'trigger' && !operation.list
      ? defaultsFromListener(operation, env)
      : operation,
  );
}
