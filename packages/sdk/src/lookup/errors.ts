import { ShiptrackError } from '../core/errors.js';

/** The kinds of record a number or id is resolved to. */
export type ResolvedKind = 'container' | 'shipment' | 'tracking_request';

/** A tracking request for a number, still waiting for the carrier. */
export interface PendingRequest {
  readonly id: string;
  readonly status: string;
}

/** Init of {@link RecordNotFoundError}. */
export interface RecordNotFoundInit {
  readonly kind: ResolvedKind;
  readonly value: string;
  /** A request for the number that is still pending, when there is one. */
  readonly pending: PendingRequest | null;
}

/**
 * No record of the account has this id or number. When a request for the
 * number is still pending, `pending` names it: the record comes once the
 * carrier answers.
 */
export class RecordNotFoundError extends ShiptrackError {
  override name = 'RecordNotFoundError';
  readonly kind: ResolvedKind;
  readonly value: string;
  readonly pending: PendingRequest | null;

  constructor(init: RecordNotFoundInit) {
    const what = init.kind.replace('_', ' ');
    super(
      init.pending
        ? `${init.value} is not in the account yet: its tracking request (id ${init.pending.id}) is ${init.pending.status}. Wait for the carrier's answer, then ask again.`
        : `There is no ${what} with id, container, bill of lading or booking number ${init.value} in the account. Search finds partial numbers; tracking a new number starts with a tracking request.`,
    );
    this.kind = init.kind;
    this.value = init.value;
    this.pending = init.pending;
  }
}

/** A record a number could mean. */
export interface NumberCandidate {
  readonly kind: ResolvedKind;
  readonly id: string;
  /** Its number (container number, bill of lading, request number), when it has one. */
  readonly number: string | null;
}

/**
 * A number names more than one record of the kind asked for (a bill of
 * lading with several containers): `candidates` lists them, to pick one.
 */
export class AmbiguousNumberError extends ShiptrackError {
  override name = 'AmbiguousNumberError';
  readonly value: string;
  readonly candidates: readonly NumberCandidate[];
  /** What the number names, without the advice: for a surface that words the next step itself. */
  readonly summary: string;

  constructor(value: string, candidates: readonly NumberCandidate[], shown = 10) {
    const listed = candidates
      .slice(0, shown)
      .map((candidate) => `${candidate.number ?? '(no number)'} (id ${candidate.id})`)
      .join(', ');
    const more = candidates.length > shown ? `, and ${candidates.length - shown} more` : '';
    const summary = `${value} names ${candidates.length} ${candidates[0]?.kind.replace('_', ' ') ?? 'record'}s: ${listed}${more}.`;
    super(`${summary} Ask again with one of their numbers or ids.`);
    this.value = value;
    this.candidates = candidates;
    this.summary = summary;
  }
}
