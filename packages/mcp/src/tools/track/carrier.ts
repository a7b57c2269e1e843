import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import type { MappedInferNumberResult, MappedShippingLine } from '@shiptrack/sdk';
import type { ToolRunContext } from '../../core/define-tool.js';
import { askedState } from '../../core/request-state.js';

/** A carrier the service considers possible for a number. */
export interface CarrierCandidate {
  scac: string;
  name: string | null;
  confidence: number | null;
}

/** The key of the carrier question in `inputRequests` / `inputResponses`. */
const QUESTION = 'carrier';

/** How the carrier of a number was settled. */
export type CarrierDecision =
  | { kind: 'known'; scac: string }
  | { kind: 'ask'; result: InputRequiredResult }
  | { kind: 'unresolved'; candidates: CarrierCandidate[]; declined: boolean };

/** The candidates of an inference, most likely first. */
export function candidatesOf(inference: MappedInferNumberResult): CarrierCandidate[] {
  const line = inference.shippingLine;
  const list = line?.candidates?.length ? line.candidates : line?.selected ? [line.selected] : [];
  // A prediction without a SCAC cannot be tracked at: it is left out.
  return list.flatMap((c) =>
    c.scac ? [{ scac: c.scac, name: c.name ?? null, confidence: c.confidence ?? null }] : [],
  );
}

async function question(
  number: string,
  candidates: CarrierCandidate[],
  context: ToolRunContext,
): Promise<InputRequiredResult> {
  const scac =
    candidates.length > 0
      ? {
          type: 'string' as const,
          title: 'Carrier',
          oneOf: candidates.map((c) => ({
            const: c.scac,
            title: c.name ? `${c.name} (${c.scac})` : c.scac,
          })),
        }
      : {
          type: 'string' as const,
          title: 'Carrier SCAC',
          description: 'The 4-letter code of the shipping line, e.g. MAEU for Maersk',
          minLength: 2,
          maxLength: 4,
        };
  return inputRequired({
    inputRequests: {
      [QUESTION]: inputRequired.elicit({
        mode: 'form',
        message: `Which shipping line carries ${number}? The service could not tell for sure. Choosing one starts tracking it, which counts against the account's quota.`,
        requestedSchema: { type: 'object', properties: { scac }, required: ['scac'] },
      }),
    },
    // The answer is taken only back with this state: signed, for this number, not yet expired.
    requestState: await context.requestState().mint({ asked: 'carrier', number }, context.request),
  });
}

/**
 * Settles the carrier of a number the service is unsure about. On a call
 * that carries the user's answer (a retried 2026-07-28 request, or the
 * 2025 SDK shim re-entering after `elicitation/create`) the answer is used
 * when the call also carries the signed state of the question about this
 * number and the answer names a candidate or a supported line; an answer
 * without that state is not one to this question, which is asked again. Otherwise, when the
 * client can elicit, the user is asked to choose (form elicitation);
 * without elicitation the candidates go back to the model, which asks the
 * user and calls again with `scac`. The container's owner code is never
 * taken for the SCAC.
 */
export async function settleCarrier(
  number: string,
  inference: MappedInferNumberResult,
  context: ToolRunContext,
): Promise<CarrierDecision> {
  const candidates = candidatesOf(inference);
  const answer = inputResponse(context.request.mcpReq.inputResponses, QUESTION);
  const asked = await askedState(context.request, context.requestState());
  if (answer.kind === 'elicit' && asked?.asked === 'carrier' && asked.number === number) {
    if (answer.action === 'accept') {
      const chosen = String(answer.content?.scac ?? '')
        .trim()
        .toUpperCase();
      if (await isKnownCarrier(chosen, candidates, context)) return { kind: 'known', scac: chosen };
    }
    return { kind: 'unresolved', candidates, declined: true };
  }
  if (context.canElicit()) {
    return { kind: 'ask', result: await question(number, candidates, context) };
  }
  return { kind: 'unresolved', candidates, declined: false };
}

async function isKnownCarrier(
  scac: string,
  candidates: CarrierCandidate[],
  context: ToolRunContext,
): Promise<boolean> {
  if (scac === '') return false;
  if (candidates.some((c) => c.scac === scac)) return true;
  const lines: readonly MappedShippingLine[] = await context.shippingLines();
  return lines.some((line) => line.scac === scac || line.alternativeScacs?.includes(scac));
}
