/** Reading the body of an answer: JSON on success, the JSON:API `errors` of a failure. */
import { type JsonApiErrorObject, ShiptrackError } from './errors.js';

/** The parsed JSON of a success body (`undefined` when empty); a body that is not JSON is an error. */
export function parseBody(text: string, label: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ShiptrackError(
      `The service answered ${label} with a body that is not JSON. Check that \`baseUrl\` points at the REST API (it ends in /v2).`,
      { cause },
    );
  }
}

/** The JSON:API error objects of a failure body; none when it is not JSON (a proxy's HTML page, say). */
export function errorsOf(text: string): JsonApiErrorObject[] {
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'errors' in parsed) {
      const { errors } = parsed;
      if (Array.isArray(errors)) {
        return errors.filter(
          (item): item is JsonApiErrorObject => typeof item === 'object' && item !== null,
        );
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone describes the failure.
  }
  return [];
}
