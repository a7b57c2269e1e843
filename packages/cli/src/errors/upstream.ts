/**
 * Whose fault a failure is: an SDK error that comes from an answer the
 * interface does not allow (not JSON, an HTML page, not the records asked
 * for, cut off) is the service's (or a proxy's), not a bug of shiptrack.
 */
import {
  APIStatusError,
  IncompleteResponseError,
  RateLimitError,
  ShiptrackError,
} from '@shiptrack/sdk';
import type { AnswerFacts } from '../http/answer-guard.js';
import { escapeControls } from '../output/control-characters.js';
import { CliError } from './cli-error.js';

const EXCERPT_CHARS = 100;
const ADVICE =
  'Check --base-url (or SVC_API_BASE_URL): it must be the REST root of the service, ending in /v2; if it is, the service or a proxy in front of it is failing: retry later.';

function isJson(contentType: string | null): boolean {
  return contentType !== null && /\bjson\b/i.test(contentType);
}

/** The start of a body, on one line, control characters escaped. */
function excerptOf(answer: AnswerFacts): string {
  const text = answer.excerpt.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  const cut = chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : text;
  return cut === '' ? 'an empty body' : `"${escapeControls(cut)}"`;
}

function upstream(message: string, answer: AnswerFacts, cause: unknown): CliError {
  return new CliError('upstreamAnswer', 'upstream_error', message, {
    cause,
    status: answer.status,
  });
}

function notJson(answer: AnswerFacts, cause: unknown): CliError {
  const status = `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  return upstream(
    `The service answered ${answer.request} with ${status} and ${escapeControls(answer.contentType ?? 'no content type')}, not the JSON the interface promises: ${excerptOf(answer)}. ${ADVICE}`,
    answer,
    cause,
  );
}

/**
 * The upstream error an SDK failure stands for, given the last answer the
 * client received; `undefined` when the failure is not about an answer
 * (the SDK's typed errors keep their own meaning).
 */
export function upstreamError(
  error: unknown,
  answer: AnswerFacts | undefined,
): CliError | undefined {
  if (answer === undefined) return undefined;
  if (error instanceof IncompleteResponseError) return upstream(error.message, answer, error);
  if (error instanceof APIStatusError) {
    // A 429 keeps its meaning (its Retry-After holds); a JSON:API error body says what failed.
    const json = isJson(error.headers.get('content-type'));
    if (error instanceof RateLimitError || json || error.errors.length > 0) {
      return undefined;
    }
    return notJson(answer, error);
  }
  // The SDK's own base class, after an answer: a body that is not JSON, or not what was asked for.
  if (error instanceof ShiptrackError && error.constructor === ShiptrackError) {
    if (error.cause instanceof SyntaxError) return notJson(answer, error);
    return upstream(
      `The service answered ${answer.request} with ${answer.status}, but not with what the interface promises: ${error.message} ${ADVICE}`,
      answer,
      error,
    );
  }
  return undefined;
}
