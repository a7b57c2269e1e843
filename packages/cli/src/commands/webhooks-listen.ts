import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import {
  constructEvent,
  createWebhookHandler,
  MemoryIdempotencyStore,
  type WebhookEvent,
} from '@shiptrack/sdk';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
} from '@shiptrack/sdk/spec';
import { describeChanges } from '@shiptrack/sdk/webhooks';
import type { Io, RunContext } from '../context.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { styles } from '../output/ansi.js';
import { escapeControls } from '../output/control-characters.js';
import { writeListenerState } from '../webhooks/listener-state.js';
import { withExample } from './register.js';
import { runAction, stoppedCode } from './run.js';

const ALL_EVENTS = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
];
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * One line of the listener's output: a delivery verified (and forwarded),
 * a redelivery of one already received (acknowledged, not forwarded again),
 * or one refused or failed.
 */
export interface DeliveryRecord {
  receivedAt: string;
  outcome: 'verified' | 'duplicate' | 'refused' | 'failed';
  /** The HTTP status answered to the sender. */
  answered: number;
  event: string | null;
  notificationId: string | null;
  /** What a container change event changed, in one line; `null` for other events. */
  change: string | null;
  /** The status the --forward-to app answered; `null` when not forwarded. */
  forwarded: number | null;
  /** Why it was refused or failed, or that it was a duplicate. */
  reason: string | null;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) break;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Forwards the verified delivery as it came (body and headers), so the app can verify it too. */
async function forward(target: string, request: IncomingMessage, body: Buffer): Promise<number> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) {
      headers.set(name, value);
    }
  }
  const answer = await fetch(target, { method: 'POST', headers, body: new Uint8Array(body) });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${target} answered ${answer.status}`);
  return answer.status;
}

/** What a delivery's answer says happened to it. */
function outcomeOf(status: number, duplicate: boolean): DeliveryRecord['outcome'] {
  if (duplicate) return 'duplicate';
  if (status >= 200 && status < 300) return 'verified';
  return status === 401 ? 'refused' : 'failed';
}

function describe(record: DeliveryRecord, color: boolean): string {
  const style = styles(color);
  const time = record.receivedAt.slice(11, 19);
  // The event name, id and reasons come from the delivery: never let them drive the terminal.
  const event = escapeControls(record.event ?? '?');
  const id = escapeControls(record.notificationId ?? '');
  const reason = escapeControls(record.reason ?? '');
  if (record.outcome === 'verified') {
    const forwarded = record.forwarded === null ? '' : ` -> forwarded (${record.forwarded})`;
    const change = record.change === null ? '' : ` ${escapeControls(record.change)}`;
    return `${style.green('✓')} ${time} ${style.bold(event)}${change} ${id} verified, answered ${record.answered}${forwarded}`;
  }
  if (record.outcome === 'duplicate') {
    return `${style.dim('=')} ${time} ${style.bold(event)} ${id} duplicate, answered ${record.answered}: ${reason}`;
  }
  const mark = record.outcome === 'refused' ? style.red('✗ refused') : style.yellow('! failed');
  return `${mark} ${time} answered ${record.answered}: ${reason}`;
}

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
        const emit = (record: DeliveryRecord) => {
          if (ctx.printer.settings.mode === 'json') ctx.printer.line(record);
          else ctx.printer.text(`${describe(record, ctx.printer.settings.color)}\n`);
        };
        // One store for the whole run: a redelivery of a processed notification is acknowledged, not forwarded twice.
        const seen = new MemoryIdempotencyStore();
        server.on('request', (request: IncomingMessage, response: ServerResponse) => {
          void (async () => {
            const body = await readBody(request);
            let forwarded: number | null = null;
            let failure: string | null = null;
            let received: WebhookEvent | undefined;
            const handler = createWebhookHandler({
              secret: secret ?? '',
              idempotency: seen,
              onAny: async (event: WebhookEvent) => {
                received = event;
                if (flags.forwardTo) forwarded = await forward(flags.forwardTo, request, body);
              },
              onError: (error) => {
                failure =
                  error.cause instanceof Error
                    ? `${error.message} (${error.cause.message})`
                    : error.message;
              },
            });
            const answer = await handler(
              new Request(new URL(request.url ?? '/', here), {
                method: request.method ?? 'POST',
                headers: Object.entries(request.headers).flatMap(([name, value]) =>
                  typeof value === 'string' ? [[name, value] as [string, string]] : [],
                ),
                body: request.method === 'POST' ? new Uint8Array(body) : undefined,
              }),
            );
            const text = await answer.text();
            response.writeHead(answer.status, Object.fromEntries(answer.headers));
            response.end(text);
            // A redelivery is acknowledged without running onAny: name the event it carried.
            const duplicate = answer.ok && received === undefined;
            if (duplicate) {
              // Verified already by the handler; should it fail now, the record just names no event.
              received = await constructEvent(body, request.headers, secret ?? '').catch(
                () => undefined,
              );
            }
            emit({
              receivedAt: new Date().toISOString(),
              outcome: outcomeOf(answer.status, duplicate),
              answered: answer.status,
              event: received?.name ?? null,
              notificationId: received?.id ?? null,
              change:
                received?.family === 'container_change'
                  ? describeChanges(received.changes) || null
                  : null,
              forwarded,
              reason: duplicate
                ? 'already received: acknowledged again, not forwarded again'
                : failure,
            });
          })();
        });
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
