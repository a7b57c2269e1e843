import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
} from '@shiptrack/sdk/spec';
import type { Io, RunContext } from '../context.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { loadOwnFile } from '../own-file.js';
import { writeListenerState } from '../webhooks/listener-state.js';
import { withExample } from './register.js';
import { runAction, stoppedCode } from './run.js';

const ALL_EVENTS = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
];

/** Subscribes the listener when no --secret was given; returns the secret and how to unsubscribe. */
async function subscribe(
  ctx: RunContext,
  url: string,
  events: readonly string[],
  signal: AbortSignal,
): Promise<{ secret: string; unsubscribe(): Promise<void> }> {
  const client = await ctx.client();
  const known = events.map((name) => {
    const found = ALL_EVENTS.find((event) => event === name);
    if (!found)
      throw usageError(`--events: "${name}" is not an event name (see shiptrack webhooks events).`);
    return found;
  });
  const created = await client.webhooks.create(
    { url, events: known },
    { format: 'mapped', signal },
  );
  ctx.addSecret(created.secret);
  ctx.printer.note(
    `Subscribed webhook ${created.id} for ${url}; it is deleted when you stop listening.`,
  );
  return {
    secret: created.secret,
    unsubscribe: async () => {
      await client.webhooks.delete(created.id).catch(() => {
        ctx.printer.warn(
          `could not delete webhook ${created.id}: delete it with shiptrack webhooks delete ${created.id}`,
        );
      });
    },
  };
}

/** `shiptrack webhooks listen`: a local receiver that verifies, prints and forwards deliveries. */
export function registerWebhooksListen(program: CommandUnknownOpts, io: Io): void {
  const group = program.commands.find((command) => command.name() === 'webhooks');
  if (!group) throw new Error('the webhooks group is registered first');
  const listen = group
    .command('listen')
    .summary('receive deliveries locally, verified and forwarded')
    .description(
      'Receive deliveries locally: verify each signature (forged ones are answered 401 and never forwarded), print the event (pretty on a terminal, NDJSON in a pipe) and forward verified ones. Without --secret it subscribes a webhook for --url (deleted on exit) and prints its signing secret. While it runs, `webhooks trigger` sends here by default, signed with that secret.',
    )
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--secret <secret>', "the webhook's signing secret (or SHIPTRACK_WEBHOOK_SECRET)")
    .option('--forward-to <url>', 'forward each verified delivery, as received, to this local URL')
    .option('--url <url>', 'without --secret: the public URL to subscribe (default this listener)')
    .addOption(
      new Option(
        '--events <a,b>',
        'without --secret: the events to subscribe (default all)',
      ).argParser((value: string, previous: string[] = []) => [
        ...previous,
        ...value.split(',').map((e) => e.trim()),
      ]),
    );
  withExample(
    listen,
    'shiptrack webhooks listen --port 8080 --forward-to http://localhost:3000/hooks',
  );
  listen.action(() =>
    runAction(listen, io, async ({ ctx, signal }) => {
      const flags = listen.opts();
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw usageError('--port needs 0 to 65535.');
      if (flags.forwardTo && !URL.canParse(flags.forwardTo))
        throw usageError('--forward-to needs a URL.');
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE'
              ? new CliError(
                  'usage',
                  'port_in_use',
                  `Port ${port} is taken: pass another --port (0 picks a free one).`,
                )
              : error,
          ),
        );
        server.listen(port, flags.host, resolve);
      });
      const address = server.address() as AddressInfo; // Safe: a TCP listen always has an AddressInfo.
      const here = `http://${flags.host.includes(':') ? `[${flags.host}]` : flags.host}:${address.port}/`;
      let secret = flags.secret ?? io.env.SHIPTRACK_WEBHOOK_SECRET;
      let unsubscribe = async () => {};
      let forget = async () => {};
      try {
        if (flags.secret) {
          ctx.printer.warn(
            '--secret is visible to other users in `ps`; prefer SHIPTRACK_WEBHOOK_SECRET.',
          );
        }
        if (secret) ctx.addSecret(secret);
        else {
          const subscription = await subscribe(
            ctx,
            flags.url ?? here,
            flags.events ?? ALL_EVENTS,
            signal,
          );
          secret = subscription.secret;
          unsubscribe = subscription.unsubscribe;
          // The one place the secret is printed (stderr, beside the notes): an app it forwards to verifies with it.
          io.err.write(`Signing secret: ${secret}\n`);
        }
        forget = await writeListenerState(io.env, {
          url: flags.url ?? here,
          secret,
          pid: process.pid,
        });
        const { handleDeliveries } = await loadOwnFile<typeof import('../webhooks/deliveries.js')>(
          'deliveries.cjs',
          new URL('../webhooks/deliveries.js', import.meta.url),
        );
        server.on(
          'request',
          handleDeliveries({
            secret,
            here,
            forwardTo: flags.forwardTo,
            emit: (record, line) => {
              if (ctx.printer.settings.mode === 'json') ctx.printer.line(record);
              else ctx.printer.text(`${line(ctx.printer.settings.color)}\n`);
            },
          }),
        );
        ctx.printer.note(
          `Listening on ${here} (Ctrl-C to stop)${flags.forwardTo ? `; forwarding verified deliveries to ${flags.forwardTo}` : ''}; \`shiptrack webhooks trigger\` sends here, signed with this secret, while it runs.`,
        );
        await new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        return stoppedCode(signal);
      } finally {
        await forget();
        await unsubscribe();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }),
  );
}
