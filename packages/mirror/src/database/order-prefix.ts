import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * The characters of a number (container number, bill of lading) that its
 * ordering index holds: 256 characters of at most 4 bytes each, within an
 * index entry's 2,704 bytes whatever the service sends. Lists ordered by
 * number order by this prefix first (the index), then by the whole number.
 */
export const ORDER_PREFIX = 256;

/** The indexed prefix of a number column (`left(column, 256)`), to order by before the column itself. */
export function orderPrefix(column: Expression<string | null> | string): RawBuilder<string | null> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<string | null>`left(${ref}, ${sql.lit(ORDER_PREFIX)})`;
}
