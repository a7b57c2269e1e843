/**
 * What `webhooks listen` does with each delivery: verify it with the SDK's
 * handler (a redelivery acknowledged, never forwarded twice), forward a
 * verified one as received, and say what happened. Its own file in the bin
 * (`dist/deliveries.cjs`), read only by `webhooks listen`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  constructEvent,
  createWebhookHandler,
  MemoryIdempotencyStore,
  type WebhookEvent,
} from '@shiptrack/sdk';
import { describeChanges } from '@shiptrack/sdk/webhooks';
import { styles } from '../output/ansi.js';
import { escapeControls } from '../output/control-characters.js';

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

/** A delivery as one line on a terminal. */
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

/** How the listener handles deliveries. */
export interface DeliveryOptions {
  /** The webhook's signing secret. */
  secret: string;
  /** The listener's own address (the base of each request's URL). */
  here: string;
  /** Where verified deliveries are forwarded, as received. */
  forwardTo: string | undefined;
  /** Reports a delivery: its record, and its line for a terminal. */
  emit(record: DeliveryRecord, line: (color: boolean) => string): void;
}

/** The listener's request handler: each delivery verified, answered, forwarded and reported. */
export function handleDeliveries(
  options: DeliveryOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  // One store for the whole run: a redelivery of a processed notification is acknowledged, not forwarded twice.
  const seen = new MemoryIdempotencyStore();
  return (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      let forwarded: number | null = null;
      let failure: string | null = null;
      let received: WebhookEvent | undefined;
      const handler = createWebhookHandler({
        secret: options.secret,
        idempotency: seen,
        onAny: async (event: WebhookEvent) => {
          received = event;
          if (options.forwardTo) forwarded = await forward(options.forwardTo, request, body);
        },
        onError: (error) => {
          failure =
            error.cause instanceof Error
              ? `${error.message} (${error.cause.message})`
              : error.message;
        },
      });
      const answer = await handler(
        new Request(new URL(request.url ?? '/', options.here), {
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
        received = await constructEvent(body, request.headers, options.secret).catch(
          () => undefined,
        );
      }
      const record: DeliveryRecord = {
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
        reason: duplicate ? 'already received: acknowledged again, not forwarded again' : failure,
      };
      options.emit(record, (color) => describe(record, color));
    })();
  };
}
