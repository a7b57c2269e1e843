/**
 * What the validating proxy reports: a record for each mismatch it finds
 * (never a key or a header: the query's secret parameters redacted), and
 * a summary of everything it saw: the operations, and the mismatches by
 * kind with their JSON Pointers.
 */
import type { SpecMismatch, SpecMismatchKind } from '../spec/types.js';

/** One mismatch of one exchange, as the proxy logs it. */
export interface MismatchRecord {
  readonly type: 'mismatch';
  readonly method: string;
  /** The path and query from `/v2`, secret query parameters redacted. */
  readonly path: string;
  /** The spec operation, or `null` when the request is none. */
  readonly operation: string | null;
  /** The service's answer; `null` when none came (it could not be reached). */
  readonly status: number | null;
  readonly kind: SpecMismatchKind;
  readonly pointer: string | null;
  readonly message: string;
}

/** The mismatches of one kind in a summary. */
export interface KindSummary {
  readonly count: number;
  /** The distinct JSON Pointers of the mismatches (body kinds), in the order first seen. */
  readonly pointers: readonly string[];
}

/** Everything the proxy saw, at exit (or whenever asked). */
export interface ProxySummary {
  readonly type: 'summary';
  /** Requests passed on. */
  readonly exchanges: number;
  /** Requests that got no answer from the service (unreachable, timed out). */
  readonly failures: number;
  /** How many requests each spec operation had. */
  readonly operations: Readonly<Record<string, number>>;
  /** Every mismatch found, by kind. */
  readonly mismatches: Readonly<Partial<Record<SpecMismatchKind, KindSummary>>>;
}

/** Collects what the proxy saw. */
export class ProxyReport {
  private exchanges = 0;
  private failures = 0;
  private readonly operations = new Map<string, number>();
  private readonly kinds = new Map<SpecMismatchKind, { count: number; pointers: Set<string> }>();

  /** Counts an exchange and its mismatches; returns the records to log. */
  add(exchange: {
    method: string;
    path: string;
    operation: string | null;
    status: number | null;
    mismatches: readonly SpecMismatch[];
  }): MismatchRecord[] {
    this.exchanges += 1;
    if (exchange.status === null) this.failures += 1;
    if (exchange.operation !== null) {
      this.operations.set(exchange.operation, (this.operations.get(exchange.operation) ?? 0) + 1);
    }
    return exchange.mismatches.map((mismatch) => {
      const kind = this.kinds.get(mismatch.kind) ?? { count: 0, pointers: new Set<string>() };
      kind.count += 1;
      if (mismatch.pointer !== null) kind.pointers.add(mismatch.pointer);
      this.kinds.set(mismatch.kind, kind);
      return {
        type: 'mismatch',
        method: exchange.method,
        path: exchange.path,
        operation: exchange.operation,
        status: exchange.status,
        kind: mismatch.kind,
        pointer: mismatch.pointer,
        message: mismatch.message,
      };
    });
  }

  /** The summary so far. */
  summary(): ProxySummary {
    const mismatches: Partial<Record<SpecMismatchKind, KindSummary>> = {};
    for (const [kind, { count, pointers }] of this.kinds) {
      mismatches[kind] = { count, pointers: [...pointers] };
    }
    return {
      type: 'summary',
      exchanges: this.exchanges,
      failures: this.failures,
      operations: Object.fromEntries(this.operations),
      mismatches,
    };
  }
}
