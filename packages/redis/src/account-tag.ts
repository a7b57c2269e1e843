import { createHash } from 'node:crypto';

/** The part of an account's keys and channel that names it: a SHA-256 prefix, so Redis never holds the account. */
export function accountTag(account: string): string {
  return createHash('sha256').update(account).digest('hex').slice(0, 32);
}
