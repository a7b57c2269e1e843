import type { MappedShipment, MappedTrackingRequest } from '@shiptrack/sdk';
import * as z from 'zod';
import { lazy } from '../../core/lazy.js';
import type { LinkedContainer } from '../../core/tool-result.js';

const text = lazy(() => z.string().nullable());

/** The `track_container` answer. */
export const TrackOutcomeSchema = lazy(() =>
  z.object({
    outcome: z.enum([
      'already_tracked',
      'request_pending',
      'request_created',
      'carrier_needed',
      'carrier_declined',
      'confirmation_declined',
      'confirmation_unavailable',
    ]),
    number: z.string(),
    numberType: text(),
    scac: text(),
    containers: z
      .array(z.object({ id: z.string(), number: text(), status: text() }))
      .describe('the tracked containers, when already tracked'),
    containersOmitted: z.number(),
    shipment: z.object({ id: z.string(), billOfLading: text() }).nullable(),
    trackingRequest: z
      .object({
        id: z.string(),
        status: text(),
        requestType: text(),
        scac: text(),
        createdAt: text(),
      })
      .nullable(),
    candidates: z.array(
      z.object({ scac: z.string(), name: text(), confidence: z.number().nullable() }),
    ),
    next: z.string(),
  }),
);

/** The `track_container` answer. */
export type TrackOutcome = z.infer<ReturnType<typeof TrackOutcomeSchema>>;

/**
 * The answer of a `track_container` task that completed: the same, with
 * `get_container`'s answer for the first containers. `details` is left out
 * of the advertised output schema (the tool list's token budget); that
 * schema is open, so results that carry it still conform.
 */
export const TrackTaskOutcomeSchema = lazy(() =>
  TrackOutcomeSchema().extend({
    details: z.array(z.looseObject({})).optional(),
  }),
);

/** The answer of a `track_container` task. */
export type TrackTaskOutcome = z.infer<ReturnType<typeof TrackTaskOutcomeSchema>>;

/** Whether an answer leaves a request to wait for: made or found, without its shipment yet. */
export function awaitsCarrier(outcome: TrackOutcome): boolean {
  return outcome.trackingRequest !== null && outcome.shipment === null;
}

/** What to do while the carrier has not answered a request. */
export const WAIT_ADVICE =
  'The carrier usually answers within minutes. Wait, then call get_container (or search_container with the number); list_tracking_requests shows the request status.';

/** What to do when the user declined a new tracking request. */
export const NOT_CONFIRMED_ADVICE =
  'The user declined; nothing was created. Do not call again unless the user asks to track it.';

/** What to do when the server confirms tracking requests and the client cannot ask the user. */
export const NO_CONFIRMATION_ADVICE =
  'This server creates a tracking request only once the user confirms it, and this client cannot ask (no form elicitation); nothing was created. Tell the user: use a client with elicitation, or the operator can turn off confirmTrackingRequests.';

/** Containers listed at most in the answer. */
const CONTAINER_LIMIT = 25;

/** An empty answer for `number`, to be filled in by each outcome. */
export function baseOutcome(
  number: string,
  numberType: string | null,
  scac: string | null,
): TrackOutcome {
  return {
    outcome: 'request_pending',
    number,
    numberType,
    scac,
    containers: [],
    containersOmitted: 0,
    shipment: null,
    trackingRequest: null,
    candidates: [],
    next: '',
  };
}

/** The request part of an answer. */
export function requestFacts(
  request: MappedTrackingRequest,
): NonNullable<TrackOutcome['trackingRequest']> {
  return {
    id: request.id,
    status: request.status,
    requestType: request.requestType,
    scac: request.scac,
    createdAt: request.createdAt ?? null,
  };
}

/** The containers part of an answer, bounded. */
export function containerFacts(
  containers: readonly LinkedContainer[],
): Pick<TrackOutcome, 'containers' | 'containersOmitted'> {
  const shown = containers.slice(0, CONTAINER_LIMIT);
  return {
    containers: shown.map((c) => ({ id: c.id, number: c.number, status: c.status ?? null })),
    containersOmitted: containers.length - shown.length,
  };
}

/** The answer for a shipment that is already tracked. */
export function trackedShipment(base: TrackOutcome, shipment: MappedShipment): TrackOutcome {
  const facts = containerFacts(
    (shipment.containers ?? []).map((c) => ({ id: c.id, number: c.number, status: c.status })),
  );
  return {
    ...base,
    outcome: 'already_tracked',
    scac: shipment.shippingLineScac ?? base.scac,
    shipment: { id: shipment.id, billOfLading: shipment.billOfLading },
    ...facts,
    next:
      facts.containers.length > 0
        ? 'Already tracked: call get_container with a container id for its status.'
        : 'Already tracked; the carrier has not reported containers yet. Call get_shipment_details later.',
  };
}

/** The text of an answer. */
export function renderOutcome(outcome: TrackOutcome): string {
  const lines: string[] = [];
  const request = outcome.trackingRequest;
  switch (outcome.outcome) {
    case 'already_tracked':
      lines.push(
        `${outcome.number} is already tracked${outcome.shipment ? ` (shipment ${outcome.shipment.billOfLading}, id ${outcome.shipment.id})` : ''}; no new request was made.`,
      );
      break;
    case 'request_pending':
      lines.push(
        `A tracking request for ${outcome.number} at ${request?.scac} already exists (id ${request?.id}, ${request?.status}); no duplicate was made.`,
      );
      break;
    case 'request_created':
      lines.push(
        `Tracking request created for ${outcome.number} (${outcome.numberType}) at ${outcome.scac}: id ${request?.id}, status ${request?.status}.`,
      );
      break;
    case 'carrier_needed':
    case 'carrier_declined':
      lines.push(
        outcome.outcome === 'carrier_declined'
          ? `No carrier was chosen for ${outcome.number}; nothing was created.`
          : `The carrier of ${outcome.number} is not certain; nothing was created.`,
      );
      if (outcome.candidates.length > 0) {
        lines.push(
          `Candidates: ${outcome.candidates.map((c) => `${c.scac} (${c.name}${c.confidence === null ? '' : `, ${Math.round(c.confidence * 100)}%`})`).join(', ')}.`,
        );
      }
      break;
    case 'confirmation_declined':
    case 'confirmation_unavailable':
      lines.push(
        `${outcome.outcome === 'confirmation_declined' ? 'The user declined tracking' : 'The user could not be asked to confirm tracking'} ${outcome.number} at ${outcome.scac}; nothing was created.`,
      );
      break;
  }
  const followed = outcome.outcome !== 'already_tracked' && outcome.shipment;
  if (followed) {
    lines.push(`Shipment ${followed.billOfLading} (id ${followed.id}) found.`);
  }
  for (const c of outcome.containers)
    lines.push(`- container ${c.number} ${c.status ?? '-'} | id ${c.id}`);
  if (outcome.containersOmitted > 0)
    lines.push(`${outcome.containersOmitted} more container(s) not shown.`);
  lines.push(`Next: ${outcome.next}`);
  return lines.join('\n');
}
