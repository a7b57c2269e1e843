/**
 * The account a control-API request is about (uploads, the journal,
 * stubs): the one of the API key in `Authorization: Token <key>`, as on the
 * REST API. The control token, when one is required, then goes in
 * `X-Mock-Control-Token`.
 */
import type { Context } from 'hono';
import { apiKeyFromAuthorization } from '../engine/accounts.js';
import type { Engine } from '../engine/engine.js';
import type { AccountRecord } from '../engine/records.js';
import type { AppEnv } from './env.js';
import { unauthorized } from './errors.js';

/** The caller's account; 401 saying what to send when there is none. */
export function controlAccount(engine: Engine, c: Context<AppEnv>, what: string): AccountRecord {
  const apiKey = apiKeyFromAuthorization(c.req.header('authorization'));
  const account = apiKey === undefined ? undefined : engine.accountForKey(apiKey);
  if (account === undefined) {
    throw unauthorized(
      `${what} belong to an account: send "Authorization: Token <API_KEY>" with a key of the mock (and a control token, when the mock asks for one, as X-Mock-Control-Token).`,
    );
  }
  return account;
}
