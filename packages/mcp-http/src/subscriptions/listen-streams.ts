/**
 * The 2026-07-28 `subscriptions/listen` streams of one handler: each is
 * checked (the account's containers, the caps) before the MCP SDK
 * acknowledges it, and its containers are followed while the stream is
 * open. Changes reach the streams through the SDK handler's event bus,
 * once per change however many streams of this process follow the URI.
 * The mirror's account takes its changes from the mirror's feed; every
 * other account is polled.
 */
import {
  listenedResources,
  type SubscriptionHub,
  SubscriptionRefusedError,
  type SubscriptionSession,
} from '@shiptrack/mcp';
import type { KeyedClient } from '../clients/client-cache.js';
import { jsonResponse } from '../http/responses.js';

/** What {@link ListenStreams.admit} decided about a request. */
export type ListenAdmission =
  | { readonly kind: 'not-listen' }
  | { readonly kind: 'refused'; readonly response: Response }
  | { readonly kind: 'admitted'; release(): void };

interface ListenRequest {
  id: string | number;
  params?: unknown;
}

function listenRequestOf(body: unknown): ListenRequest | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  // Parsed JSON: only `method`, `id` and `params` are read, and checked.
  const message = body as { method?: unknown; id?: unknown; params?: unknown };
  if (message.method !== 'subscriptions/listen') return undefined;
  if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined;
  return { id: message.id, params: message.params };
}

/** The listen streams of one handler, over the process's subscription hub. */
export class ListenStreams {
  readonly #hub: SubscriptionHub;
  readonly #notify: (uri: string) => void;
  /** One session per account (key fingerprint) in this process; each stream is a holder of its own. */
  readonly #sessions = new Map<string, SubscriptionSession>();

  /** The fingerprint of the mirror's API key, when the hub has a mirror. */
  readonly #mirrorAccount: Promise<string> | undefined;

  constructor(
    hub: SubscriptionHub,
    notify: (uri: string) => void,
    mirrorAccount?: Promise<string>,
  ) {
    this.#hub = hub;
    this.#notify = notify;
    this.#mirrorAccount = mirrorAccount;
  }

  /**
   * Checks a `subscriptions/listen` naming containers: refused (answered
   * here, in band, as the SDK answers its own listen errors) or admitted
   * until `release`. Any other request is `not-listen`.
   */
  async admit(body: unknown, keyed: KeyedClient): Promise<ListenAdmission> {
    const request = listenRequestOf(body);
    const uris = request ? listenedResources(request.params) : [];
    if (!request || uris.length === 0) return { kind: 'not-listen' };
    const session = this.#sessionOf(keyed, await this.#fromMirror(keyed));
    const holder = `subscriptions/listen ${crypto.randomUUID()}`;
    try {
      await session.add(holder, uris);
    } catch (error) {
      this.#dropIfEmpty(keyed.fingerprint, session);
      if (!(error instanceof SubscriptionRefusedError)) throw error;
      return {
        kind: 'refused',
        response: jsonResponse(200, {
          jsonrpc: '2.0',
          id: request.id,
          error: {
            code: error.rpcCode,
            message: error.message,
            data: { reason: error.reason, uri: error.uri },
          },
        }),
      };
    }
    let released = false;
    return {
      kind: 'admitted',
      release: () => {
        if (released) return;
        released = true;
        session.remove(holder);
        this.#dropIfEmpty(keyed.fingerprint, session);
      },
    };
  }

  /** Ends every stream's subscriptions. */
  close(): void {
    for (const session of this.#sessions.values()) session.close();
    this.#sessions.clear();
  }

  /** Whether the key is the mirror's: its changes then come from the mirror's feed, no polling. */
  async #fromMirror(keyed: KeyedClient): Promise<boolean> {
    return this.#mirrorAccount !== undefined && (await this.#mirrorAccount) === keyed.fingerprint;
  }

  #sessionOf(keyed: KeyedClient, fromMirror: boolean): SubscriptionSession {
    let session = this.#sessions.get(keyed.fingerprint);
    if (!session) {
      session = this.#hub.session({
        account: keyed.fingerprint,
        client: () => keyed.client,
        connectionPerHolder: true,
        changesFrom: fromMirror ? 'mirror' : 'polling',
      });
      session.deliverTo(this.#notify);
      this.#sessions.set(keyed.fingerprint, session);
    }
    return session;
  }

  #dropIfEmpty(fingerprint: string, session: SubscriptionSession): void {
    if (session.isEmpty && this.#sessions.get(fingerprint) === session) {
      session.close();
      this.#sessions.delete(fingerprint);
    }
  }
}
