/**
 * Tells the host when the service refused a key: a call of a client that
 * failed with a 401 (`AuthenticationError`) means the key stopped working,
 * so the key's verdict becomes "rejected" and later requests are refused
 * at the door. Told through the client's telemetry hook, which sees every
 * failed call, rather than by wrapping the client's `fetch` (a wrapper
 * would hide the Node sender's own lane from the SDK's transport).
 */
import { AuthenticationError, type ClientTelemetry } from '@shiptrack/sdk';

/** `telemetry`, which also calls `onRefused` for each call the service refused with a 401. */
export function withKeyRefusals(
  telemetry: ClientTelemetry,
  onRefused: () => void,
): ClientTelemetry {
  return {
    attempt: (info, headers, send) => telemetry.attempt(info, headers, send),
    retry: (info, error, delayMs) => telemetry.retry(info, error, delayMs),
    queueWait: (bucket, waitMs) => telemetry.queueWait(bucket, waitMs),
    failure: (error) => {
      if (error instanceof AuthenticationError) onRefused();
      telemetry.failure(error);
    },
  };
}
