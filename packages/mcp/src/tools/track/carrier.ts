import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import type { MappedInferNumberResult, MappedShippingLine } from '@shiptrack/sdk';
import type { ToolRunContext } from '../../core/define-tool.js';
import { QUESTION_KEYS, TYPED_SCAC_LENGTH } from '../../core/input-answers.js';
import { askedState } from '../../core/request-state.js';

/** A carrier the service considers possible for a number. */
export interface CarrierCandidate {
  scac: string;
  name: string | null;
  confidence: number | null;
}

/** The key of the carrier question in `inputRequests` / `inputResponses`. */
const QUESTION = QUESTION_KEYS.carrier;

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

/**
 * The carrier question: the candidates to choose from, or, when the service
 * named none, a SCAC to type. `retry` says why it is asked again.
 */
async function question(
  number: string,
  candidates: CarrierCandidate[],
  context: ToolRunContext,
  retry = '',
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
          minLength: TYPED_SCAC_LENGTH.min,
          maxLength: TYPED_SCAC_LENGTH.max,
        };
  const offered = candidates.map((c) => c.scac);
  return inputRequired({
    inputRequests: {
      [QUESTION]: inputRequired.elicit({
        mode: 'form',
        message: `${retry}Which shipping line carries ${number}? The service could not tell for sure. Choosing one starts tracking it, which counts against the account's quota.`,
        requestedSchema: { type: 'object', properties: { scac }, required: ['scac'] },
      }),
    },
    // The answer is taken only back with this state: signed, for this number and offer, unexpired.
    requestState: await context
      .requestState()
      .mint({ asked: 'carrier', number, offered }, context.request),
  });
}

/**
 * Settles the carrier of a number the service is unsure about. On a call
 * that carries the user's answer (a retried 2026-07-28 request, or the
 * 2025 SDK shim re-entering after `elicitation/create`) the answer is used
 * when the call also carries the signed state of the question about this
 * number; the answer was checked against what was offered before any tool
 * ran (`input-answers.ts`), and a typed SCAC that names no supported line
 * is asked again, saying so. An answer without that state is not one to
 * this question, which is asked again. Otherwise, when the client can
 * elicit, the user is asked to choose (form elicitation); without
 * elicitation the candidates go back to the model, which asks the user and
 * calls again with `scac`. The container's owner code is never taken for
 * the SCAC.
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
    if (answer.action !== 'accept') return { kind: 'unresolved', candidates, declined: true };
    const chosen = String(answer.content?.scac).trim().toUpperCase();
    if (await isKnownCarrier(chosen, asked.offered, context))
      return { kind: 'known', scac: chosen };
    const retry = `${chosen} is not a shipping line the service tracks. `;
    return { kind: 'ask', result: await question(number, candidates, context, retry) };
  }
  if (context.canElicit()) {
    return { kind: 'ask', result: await question(number, candidates, context) };
  }
  return { kind: 'unresolved', candidates, declined: false };
}

/** Whether `scac` was offered, or names a line the service supports. */
async function isKnownCarrier(
  scac: string,
  offered: readonly string[],
  context: ToolRunContext,
): Promise<boolean> {
  if (offered.includes(scac)) return true;
  const lines: readonly MappedShippingLine[] = await context.shippingLines();
  return lines.some((line) => line.scac === scac || line.alternativeScacs?.includes(scac));
}
