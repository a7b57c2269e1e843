/**
 * The middleware that journals every REST request of a known account,
 * first in the `/v2` chain: faulted, rate-limited, refused and stubbed
 * requests are journaled too. A request without a valid API key belongs to
 * no account and is not journaled.
 */
import type { MiddlewareHandler } from 'hono';
import { apiKeyFromAuthorization } from '../engine/accounts.js';
import type { Engine } from '../engine/engine.js';
import type { AppEnv } from '../http/env.js';
import { entryBytes, type RequestJournal } from './journal.js';
import { redactHeaders, redactQuery } from './redact.js';
import { bodyOf } from './request-body.js';
import type { JournalEntry } from './types.js';

/** A journal entry while its answer is being made. */
type OpenEntry = { -readonly [K in keyof JournalEntry]: JournalEntry[K] };

/** Journals the requests of every account into `journal`. */
export function journalMiddleware(
  engine: Engine,
  journal: RequestJournal,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const apiKey = apiKeyFromAuthorization(c.req.header('authorization'));
    const account = apiKey === undefined ? undefined : engine.accountForKey(apiKey);
    if (account === undefined) return next();
    const request = c.req.raw;
    const at = new Date(engine.now()).toISOString();
    const body = await bodyOf(request);
    const url = new URL(request.url);
    const entry: OpenEntry = {
      id: journal.takeId(),
      at,
      method: request.method,
      path: c.req.path,
      query: redactQuery(url.searchParams),
      headers: redactHeaders(request.headers),
      body: null,
      truncated: body.tooLarge,
      status: null,
      stub: null,
    };
    const withoutBody = entryBytes(entry, null);
    if (body.text !== null && withoutBody + body.text.length <= journal.limits.maxBytes) {
      entry.body = body.value;
    } else if (body.text !== null) {
      entry.truncated = true;
    }
    journal.record(
      account.id,
      entry,
      entry.body === null ? withoutBody : withoutBody + (body.text?.length ?? 0),
    );
    await next();
    // Status 0 is a dropped connection (a fault): no answer was sent.
    entry.status = c.res.status === 0 ? null : c.res.status;
    entry.stub = c.get('stubId') ?? null;
  };
}
