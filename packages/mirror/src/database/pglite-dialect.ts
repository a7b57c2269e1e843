import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * PGlite is one connection: every Kysely connection is that connection, lent
 * to one borrower at a time, so a transaction never interleaves with another
 * caller's statements.
 */
class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const result =
      parameters.length > 0 && parameters.every(isTextParameter) && !this.pglite.closed
        ? await this.#queryText<R>(sql, parameters)
        : await this.pglite.query<R>(sql, [...parameters]);
    const affected = result.affectedRows;
    return affected === undefined || result.command === 'SELECT'
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(affected) };
  }

  /**
   * A statement whose parameters are all text (or null), in one exchange with
   * the database: PGlite's \`query\` makes six (parse, describe the statement
   * to choose each parameter's serializer, bind, describe, execute, sync),
   * which text never needs. Same locks, same parsers, same errors.
   */
  async #queryText<R>(sql: string, parameters: readonly unknown[]): Promise<Results<R>> {
    const message = concatBytes([
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.bind({ values: parameters as Array<string | null> }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const pglite = this.pglite;
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const messages = await pglite.execProtocolStream(message, { syncToFs: false });
        if (!pglite.isInTransaction()) await pglite.syncToFs();
        return parse.parseResults(messages, pglite.parsers)[0] as Results<R>;
      }),
    );
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors over the wire; Kysely only needs the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite.');
  }
}

function isTextParameter(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** The end of the queue of borrowers; each waits for the one before to release. */
  private tail: Promise<void> = Promise.resolve();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see openDatabase).
  }
}

/** A Kysely dialect over one PGlite instance: PostgreSQL's SQL, compiler and introspection. */
export function pgliteDialect(pglite: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(pglite),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
