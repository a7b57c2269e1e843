/**
 * `logging/setLevel` over stateless HTTP (2025 revisions): each request is
 * answered by a server of its own, so the level a client sets is kept in a
 * {@link LogLevelStore} by caller (the account, and with OAuth the client
 * and the user it acts for), where its next request finds it, on any
 * instance that shares the store (`redisUrl`). The full server's
 * log messages and the fast path's are held to it alike.
 */
import type { AuthInfo, LoggingLevel, ServerContext } from '@modelcontextprotocol/server';
import { isBelow, LOG_LEVEL_TTL_MS, type LogLevelStore, type LogLevels } from '@shiptrack/mcp';
import { fingerprintOf } from '../clients/client-cache.js';

/** Who a request comes from, as far as its log level goes. */
export interface LogCaller {
  /** The account: its API key's fingerprint. */
  readonly account: string;
  /** The OAuth client (`api-key` for a request made with an API key). */
  readonly clientId: string;
  /** The user an access token acts for, if any. */
  readonly subject?: string;
}

/** The caller a request's `authInfo` names (the endpoint puts the account in its `extra`). */
export function logCallerOf(authInfo: AuthInfo | undefined): LogCaller | undefined {
  const account = authInfo?.extra?.account;
  if (authInfo === undefined || typeof account !== 'string') return undefined;
  const subject = authInfo.extra?.subject;
  return {
    account,
    clientId: authInfo.clientId,
    ...(typeof subject === 'string' ? { subject } : {}),
  };
}

/** The store key of a caller: a hash, so no client id or user name reaches the store. */
function keyOf(caller: LogCaller): Promise<string> {
  return fingerprintOf(JSON.stringify([caller.account, caller.clientId, caller.subject ?? null]));
}

/** The levels of one handler's callers. */
export class CallerLogLevels {
  readonly #store: LogLevelStore;

  constructor(store: LogLevelStore) {
    this.#store = store;
  }

  /** The level `caller` set, if any. */
  async levelOf(caller: LogCaller): Promise<LoggingLevel | undefined> {
    return this.#store.get(await keyOf(caller));
  }

  /** Keeps `level` for `caller` (a day after it was last set). */
  async set(caller: LogCaller, level: LoggingLevel): Promise<void> {
    await this.#store.set(await keyOf(caller), level, LOG_LEVEL_TTL_MS);
  }

  /** Whether a message at `level` is below what `caller` set (a store that cannot tell lets it through). */
  async silences(caller: LogCaller, level: LoggingLevel): Promise<boolean> {
    return isBelow(level, await this.levelOf(caller).catch(() => undefined));
  }

  /** The same levels for `createServer`'s `logLevels`, read from each request's `authInfo`. */
  forServers(): LogLevels {
    return {
      get: async (request) => {
        const caller = logCallerOf(requestAuthInfo(request));
        return caller === undefined ? undefined : this.levelOf(caller);
      },
      set: async (request, level) => {
        const caller = logCallerOf(requestAuthInfo(request));
        // Every request reaching a server was authenticated by the endpoint, which names the account.
        if (caller === undefined) throw new Error('No caller was registered for this request.');
        await this.set(caller, level);
      },
    };
  }
}

function requestAuthInfo(request: ServerContext): AuthInfo | undefined {
  return request.http?.authInfo;
}
