import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteSession, pgliteDialect } from '../src/database/pglite-dialect.js';
import { DATABASE_HOOK_MS } from './support/databases.js';

const pglite = new PGlite();
const session = new PGliteSession(pglite);
const db = new Kysely<unknown>({ dialect: pgliteDialect(session) });
beforeAll(() => pglite.waitReady, DATABASE_HOOK_MS);
afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

describe('the PGlite dialect', () => {
  it('answers a statement with text parameters as PGlite.query does (one exchange)', async () => {
    const query = sql`select ${'{"a":[1,"x"]}'}::jsonb as doc, ${'2025-03-01T10:00:00Z'}::timestamptz as at,
      ${'41'}::int + 1 as n, ${null}::text is null as missing, ${'9007199254740993'}::bigint as big`;
    const { rows } = await query.execute(db);
    const compiled = query.compile(db);
    const expected = await pglite.query(compiled.sql, [...compiled.parameters]);
    expect(rows).toEqual(expected.rows);
    expect(rows).toEqual([
      {
        doc: { a: [1, 'x'] },
        at: new Date('2025-03-01T10:00:00Z'),
        n: 42,
        missing: true,
        big: 9007199254740993n,
      },
    ]);
  });

  it('reports a failing statement with its code and stays usable', async () => {
    await expect(sql`select ${'not a number'}::int as n`.execute(db)).rejects.toMatchObject({
      code: '22P02',
    });
    const { rows } = await sql<{ n: number }>`select ${'7'}::int as n`.execute(db);
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('runs inside a transaction, whose rollback discards what it wrote', async () => {
    await sql`create table dialect_t (id text primary key)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into dialect_t (id) values (${'a'})`.execute(trx);
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from dialect_t where id = ${'a'}`.execute(trx);
        expect(rows).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from dialect_t where id = ${'a'}`.execute(db);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
