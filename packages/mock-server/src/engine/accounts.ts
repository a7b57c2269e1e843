/**
 * Accounts and their API keys. The demo accounts have fixed keys so that
 * docs, examples and CI scripts can use them; printing them is intended.
 */
import type { RateLimitOverrides } from './rate-limiter.js';
import type { Entitlements } from './records.js';

/** What it takes to create an account. */
export interface AccountInput {
  /** Stable id; derived from the name when omitted. */
  id?: string;
  name: string;
  /** API keys accepted for the account (`Authorization: Token <key>` or `Bearer <key>`). */
  apiKeys: string[];
  /** Paid features; both off by default. */
  entitlements?: Partial<Entitlements>;
  /**
   * Per-bucket limits (and windows) of this account's keys, over the limits in
   * force, e.g. `{ default: 10_000 }` for load tests. Ignored while limits are off.
   */
  rateLimits?: RateLimitOverrides;
  /** The user acting for the account. */
  user?: { firstName: string; lastName: string; email: string };
}

/** API key of the demo account with route and refresh enabled. */
export const DEMO_API_KEY = 'st_demo_acme_5f2c8e1a9b7d4c36';
/** API key of the second demo account (no paid features). */
export const DEMO_SECOND_API_KEY = 'st_demo_globex_0b4e7a2d6c1f9e58';

/** The two demo accounts: Acme (route + refresh) and Globex (no paid features). */
export const DEMO_ACCOUNTS: readonly AccountInput[] = [
  {
    name: 'Acme Imports',
    apiKeys: [DEMO_API_KEY],
    entitlements: { route: true, refresh: true },
    user: { firstName: 'Ada', lastName: 'Okafor', email: 'ada.okafor@acme.example' },
  },
  {
    name: 'Globex Logistics',
    apiKeys: [DEMO_SECOND_API_KEY],
    entitlements: { route: false, refresh: false },
    user: { firstName: 'Lin', lastName: 'Moreau', email: 'lin.moreau@globex.example' },
  },
];

/** Splits an `Authorization` header into its key; undefined unless `Token <key>` or `Bearer <key>`. */
export function apiKeyFromAuthorization(header: string | undefined | null): string | undefined {
  if (header === undefined || header === null) return undefined;
  const match = /^(?:Token|Bearer)[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
