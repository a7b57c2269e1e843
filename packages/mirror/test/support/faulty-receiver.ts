/**
 * The mirror's handler on a real loopback port, behind a faulty network: the
 * mock server delivers its webhooks here. The mock's own fault injection acts
 * on REST requests only, so delivery faults are played here:
 * - `duplicate`: the delivery reaches the mirror, the answer is lost (500):
 *   the mock retries, the mirror gets a second copy;
 * - `delay`: the first attempt is refused before the mirror sees it: the
 *   retry comes after later notifications (out of order);
 * - `drop`: every attempt is refused: after its 12 retries the notification
 *   is `failed` and only a sync can recover it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookRequestHandler } from '@shiptrack/sdk/webhooks';

/** What happens to one delivery attempt. */
export type DeliveryFault = 'none' | 'duplicate' | 'delay' | 'drop';

/** A running receiver. */
export interface FaultyReceiver {
  readonly url: string;
  /** Attempts that reached the mirror's handler, with its status. */
  readonly handled: Array<{ id: string; status: number }>;
  close(): Promise<void>;
}

/** A delivery as the fault plan sees it. */
export interface AttemptInfo {
  readonly notificationId: string;
  readonly event: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly included: ReadonlyArray<{ type: string; attributes?: Record<string, unknown> }>;
}

/**
 * Starts the receiver; `handler()` gives the mirror's handler at each
 * delivery (it needs the secret, known once the webhook exists), `decide`
 * the fault of each attempt.
 */
export async function startFaultyReceiver(
  handler: () => WebhookRequestHandler,
  decide: (attempt: AttemptInfo) => DeliveryFault,
): Promise<FaultyReceiver> {
  const attempts = new Map<string, number>();
  const handled: Array<{ id: string; status: number }> = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // The mock sends envelopes its contract tests check against the spec.
    const envelope = JSON.parse(body.toString()) as {
      data: { id: string; attributes: { event: string } };
      included?: AttemptInfo['included'];
    };
    const id = envelope.data.id;
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    const fault = decide({
      notificationId: id,
      event: envelope.data.attributes.event,
      attempt,
      included: envelope.included ?? [],
    });
    if (fault === 'delay' || fault === 'drop') {
      res.writeHead(500).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const response = await handler()(
      new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: 'POST', headers, body }),
    );
    handled.push({ id, status: response.status });
    res.writeHead(fault === 'duplicate' ? 500 : response.status, {
      'content-type': 'application/json',
    });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    handled,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
