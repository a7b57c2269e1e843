import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import type { ToolRunContext } from '../../core/define-tool.js';
import { QUESTION_KEYS } from '../../core/input-answers.js';
import { askedState } from '../../core/request-state.js';
import type { NewTrackingRequest } from '../../service/tracking.js';

/** The key of the confirmation in `inputRequests` / `inputResponses`. */
const QUESTION = QUESTION_KEYS.tracking;

/** Whether a new tracking request may be created. */
export type TrackingConfirmation =
  | { kind: 'confirmed' }
  | { kind: 'ask'; result: InputRequiredResult }
  | { kind: 'declined' }
  | { kind: 'unavailable' };

/**
 * Asks the user, when the server confirms tracking requests, before one is
 * created. The answer counts only on a call that carries the signed state
 * of the question about this very request (number, type and carrier), so a
 * confirmation cannot be replayed for another one; without it the user is
 * asked (again). A client that cannot show the question gets `unavailable`:
 * the operator asked for a human's yes, so nothing is created without it.
 */
export async function confirmTracking(
  request: NewTrackingRequest,
  context: ToolRunContext,
): Promise<TrackingConfirmation> {
  if (!context.confirmTrackingRequests) return { kind: 'confirmed' };
  const answer = inputResponse(context.request.mcpReq.inputResponses, QUESTION);
  const asked = await askedState(context.request, context.requestState());
  if (
    answer.kind === 'elicit' &&
    asked?.asked === 'tracking' &&
    asked.number === request.requestNumber &&
    asked.numberType === request.requestType &&
    asked.scac === request.scac
  ) {
    return answer.action === 'accept' ? { kind: 'confirmed' } : { kind: 'declined' };
  }
  if (!context.canElicit()) return { kind: 'unavailable' };
  const { requestNumber: number, requestType: numberType, scac } = request;
  return {
    kind: 'ask',
    result: inputRequired({
      inputRequests: {
        [QUESTION]: inputRequired.elicit({
          mode: 'form',
          message: `Start tracking ${number} (${numberType.replaceAll('_', ' ')}) at ${scac}? It creates a tracking request, which counts against the account's quota.`,
          requestedSchema: { type: 'object', properties: {} },
        }),
      },
      // The yes is taken only back with this state: signed, for this request, not yet expired.
      requestState: await context
        .requestState()
        .mint({ asked: 'tracking', number, numberType, scac }, context.request),
    }),
  };
}
