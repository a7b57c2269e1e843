/**
 * Records of the caller's account: one looked up by the id in the URL, or the
 * matching ones of a list, newest first. An id
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

/**
 * The ids of an account's index (oldest first) whose record passes `matches`,
 * newest first: the order every list endpoint answers in.
 */
export function matchingNewestFirst<T>(
  ids: readonly string[],
  records: ReadonlyMap<string, T>,
  matches: (record: T) => boolean,
): string[] {
  const found: string[] = [];
  for (let index = ids.length - 1; index >= 0; index -= 1) {
    const id = ids[index] as string;
    const record = records.get(id);
    if (record !== undefined && matches(record)) found.push(id);
  }
  return found;
}
