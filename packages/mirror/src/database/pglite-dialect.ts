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

/** PGlite's one connection, lent by {@link PGliteSession} to one borrower at a time. */
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

/**
 * One PGlite instance as one session: borrowers take turns (Kysely's
 * connections and {@link PGliteSession.statement} alike), so a transaction
 * never interleaves with another caller's statements.
 */
export class PGliteSession {
  readonly connection: PGliteConnection;
  /** The end of the queue of borrowers; each waits for the one before to release. */
  #tail: Promise<void> = Promise.resolve();

  constructor(readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  /** Waits for this borrower's turn; resolves to the function that ends it. */
  async acquire(): Promise<() => void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }

  /** One statement in a turn of its own (so in autocommit), without a query builder. */
  async statement<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    const release = await this.acquire();
    try {
      return (await this.connection.executeQuery<R>(CompiledQuery.raw(sql, [...parameters]))).rows;
    } finally {
      release();
    }
  }
}

class PGliteDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly session: PGliteSession) {}

  async init(): Promise<void> {
    await this.session.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.session.acquire();
    this.releases.set(this.session.connection, release);
    return this.session.connection;
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

/** A Kysely dialect over one PGlite session: PostgreSQL's SQL, compiler and introspection. */
export function pgliteDialect(session: PGliteSession): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(session),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
