/**
 * Which URLs may receive webhook deliveries. The service only delivers to
 * HTTPS; the mock also accepts plain HTTP on the loopback interface so that
 * tests can run a receiver without a certificate.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_URL_LENGTH = 2_048;

/** Why a receiver URL was refused, phrased for an error `detail`. */
export type ReceiverUrlProblem = string;

/**
 * Checks a receiver URL. Returns `undefined` when it is acceptable, otherwise
 * a sentence saying what is wrong and what to send instead.
 */
export function receiverUrlProblem(value: unknown): ReceiverUrlProblem | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    return 'must be an absolute https:// URL.';
  }
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters long.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https:// URL.';
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not carry credentials; send them with the webhook headers instead.';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'must use https:// (the mock also accepts http:// on 127.0.0.1, localhost or [::1]).';
}
