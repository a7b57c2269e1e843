/**
 * Looks up a record of the caller's account by the id in the URL. An id
 * that is not a UUID, or that names another account's record, is a 404:
 * one account never learns that another's record exists.
 */
import { isUuid } from '../engine/ids.js';
import type { AccountRecord } from '../engine/records.js';
import { notFound } from './errors.js';

/** Returns the record of `map` with that id if it belongs to the account; throws 404 otherwise. */
export function owned<T extends { accountId: string }>(
  map: ReadonlyMap<string, T>,
  account: AccountRecord,
  id: string,
  what: string,
): T {
  const record = isUuid(id) ? map.get(id) : undefined;
  if (record === undefined || record.accountId !== account.id) {
    throw notFound(
      isUuid(id)
        ? `No ${what} with id ${id} exists in this account. List the ${what}s to find a valid id.`
        : `"${id}" is not a ${what} id (ids are UUIDs). List the ${what}s to find a valid id.`,
    );
  }
  return record;
}
