import { type InputRequiredResult, isInputRequiredResult } from '@modelcontextprotocol/server';
import {
  findTracked,
  type MappedTrackingRequest,
  readTrackingNumber,
  type ShiptrackClient,
  settleNumberInference,
  type TrackingRequestType,
  UnprocessableEntityError,
} from '@shiptrack/sdk';
import { TrackingRequestTypeSchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { defineTool, type ToolRunContext } from '../core/define-tool.js';
import { fetchTrackedShipment } from '../service/shipments.js';
import { createTrackingRequest, inferNumber } from '../service/tracking.js';
import { wireTask } from '../tasks/core-tasks.js';
import { settleCarrier } from './track/carrier.js';
import { confirmTracking } from './track/confirm.js';
import { followRequest } from './track/follow.js';
import {
  awaitsCarrier,
  baseOutcome,
  containerFacts,
  NO_CONFIRMATION_ADVICE,
  NOT_CONFIRMED_ADVICE,
  renderOutcome,
  requestFacts,
  type TrackOutcome,
  TrackOutcomeSchema,
  trackedShipment,
  WAIT_ADVICE,
} from './track/outcome.js';

/**
 * The answer when a number is already in the account (container, shipment
 * or live request): the SDK's `findTracked`, the decision the CLI's `track`
 * shares.
 */
async function existing(
  client: ShiptrackClient,
  number: string,
  numberType: TrackingRequestType | undefined,
  scac: string | undefined,
): Promise<TrackOutcome | undefined> {
  const base = baseOutcome(number, numberType ?? null, scac ?? null);
  const tracked = await findTracked(client, number, { type: numberType, scac });
  switch (tracked?.via) {
    case undefined:
      return undefined;
    case 'container':
      return {
        ...base,
        outcome: 'already_tracked',
        numberType: 'container',
        ...containerFacts([tracked.container]),
        next: 'Already tracked: call get_container with this id for its status.',
      };
    case 'shipment':
      return trackedShipment(base, tracked.shipment);
    case 'tracking_request':
      return fromRequest(client, base, tracked.trackingRequest);
  }
}

async function fromRequest(
  client: ShiptrackClient,
  base: TrackOutcome,
  request: MappedTrackingRequest,
): Promise<TrackOutcome> {
  const withRequest = {
    ...base,
    numberType: request.requestType,
    scac: request.scac,
    trackingRequest: requestFacts(request),
  };
  if (request.status === 'created' && request.trackedObjectId) {
    const shipment = await fetchTrackedShipment(client, request.trackedObjectId);
    return trackedShipment(withRequest, shipment);
  }
  return { ...withRequest, outcome: 'request_pending', next: WAIT_ADVICE };
}

/** Creates the request; a `duplicate` (a concurrent call won) answers with the existing one. */
async function create(
  client: ShiptrackClient,
  base: TrackOutcome,
  request: {
    requestType: TrackingRequestType;
    requestNumber: string;
    scac: string;
    refNumbers?: string[];
  },
): Promise<TrackOutcome> {
  try {
    const created = await createTrackingRequest(client, request);
    return {
      ...base,
      outcome: 'request_created',
      trackingRequest: requestFacts(created),
      next: WAIT_ADVICE,
    };
  } catch (error) {
    if (!(error instanceof UnprocessableEntityError && error.code === 'duplicate')) throw error;
    // A concurrent call won: its live request for this carrier is the answer.
    const found = await findTracked(client, request.requestNumber, {
      type: request.requestType,
      scac: request.scac,
    });
    if (found?.via !== 'tracking_request') throw error;
    return fromRequest(client, base, found.trackingRequest);
  }
}

/** `track_container`: start tracking a number, without duplicates. */
export const trackContainer = defineTool({
  name: 'track_container',
  title: 'Track a number',
  description:
    'Starts tracking a container, B/L or booking number, never twice: a number already tracked returns its containers or pending request, so calling again is safe. Infers number type and carrier; if unsure, asks the user or returns candidates: call again with scac. Next: wait (or call it as a task), then get_container.',
  schemas: () => ({
    input: z.object({
      number: z
        .string()
        .trim()
        .min(4, 'at least 4 characters')
        .max(40)
        .describe('Container, B/L or booking number, e.g. "MSCU1234566"'),
      numberType: TrackingRequestTypeSchema.optional().describe(
        'Kind of number; inferred when left out',
      ),
      scac: z
        .string()
        .regex(/^[A-Za-z]{2,4}$/, 'a SCAC of 2-4 letters, e.g. MAEU')
        .optional()
        .describe('Carrier SCAC, e.g. "MSCU"; inferred when left out'),
      refNumbers: z
        .array(z.string().max(100))
        .max(20)
        .optional()
        .describe('Your references, e.g. ["PO-1234"]'),
    }),
    output: TrackOutcomeSchema(),
  }),
  // The names a prompt may use for the number, each implying its kind.
  aliases: {
    containerNumber: { for: 'number', implies: { numberType: 'container' } },
    bookingNumber: { for: 'number', implies: { numberType: 'booking_number' } },
  },
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
  execution: { taskSupport: 'optional' },
  async run(args, context) {
    const decided = await decide(args, context);
    if (isInputRequiredResult(decided)) return decided;
    const { taskRequest } = context;
    if (taskRequest && (taskRequest.generation === 'core' || awaitsCarrier(decided))) {
      // Run as a task: the answer so far now, the wait in the task (any instance may advance it).
      const record = await context.trackingTasks.start(decided, taskRequest.ttl);
      return {
        structured: decided,
        text: `${renderOutcome(decided)}\nFollowed as task ${record.taskId}: ${record.statusMessage}`,
        containers: decided.containers,
        task: wireTask(record),
      };
    }
    // A client that watches progress sees the request followed until the carrier answers (bounded).
    const outcome = await followRequest(context.client(), decided, context);
    return { structured: outcome, text: renderOutcome(outcome), containers: outcome.containers };
  },
});

/** The arguments of `track_container`. */
type TrackArgs = z.output<typeof trackContainer.input>;

/** Works out what `track_container` does: answer from the account, ask, or create. */
async function decide(
  args: TrackArgs,
  context: ToolRunContext,
): Promise<TrackOutcome | InputRequiredResult> {
  const client = context.client();
  // The number type and carrier are settled by the SDK (the shiptrack CLI's `track` shares them).
  const reading = readTrackingNumber(args.number, { type: args.numberType });
  let numberType: TrackingRequestType | undefined = reading.numberType;
  const number = reading.number;
  let scac = args.scac?.toUpperCase();
  // A carrier the user picked from a question that said it starts tracking is the confirmation.
  let chosenByUser = false;
  const found = await existing(client, number, numberType, scac);
  if (found) return found;
  if (numberType === undefined || scac === undefined) {
    const inference = await inferNumber(client, number);
    const settled = settleNumberInference(number, inference, { type: numberType, scac });
    numberType = settled.numberType;
    scac = settled.scac;
    if (scac === undefined) {
      const settled = await settleCarrier(number, inference, context);
      if (settled.kind === 'ask') return settled.result;
      if (settled.kind === 'unresolved') {
        return {
          ...baseOutcome(number, numberType, null),
          outcome: settled.declined ? 'carrier_declined' : 'carrier_needed',
          candidates: settled.candidates,
          next: "Ask the user which carrier it is (get_supported_shipping_lines lists SCACs), then call track_container again with scac. A container's owner prefix does not name its carrier.",
        };
      }
      scac = settled.scac;
      chosenByUser = true;
    }
    const again = await existing(client, number, numberType, scac);
    if (again) return again;
  }
  const base = baseOutcome(number, numberType, scac);
  const request = { requestType: numberType, requestNumber: number, scac };
  const confirmation = chosenByUser
    ? { kind: 'confirmed' as const }
    : await confirmTracking(request, context);
  switch (confirmation.kind) {
    case 'ask':
      return confirmation.result;
    case 'declined':
      return { ...base, outcome: 'confirmation_declined', next: NOT_CONFIRMED_ADVICE };
    case 'unavailable':
      return { ...base, outcome: 'confirmation_unavailable', next: NO_CONFIRMATION_ADVICE };
    case 'confirmed':
      return create(client, base, { ...request, refNumbers: args.refNumbers });
  }
}
