/**
 * How delivery attempts are logged. Lines name the notification, the event
 * and the receiver's origin only: a URL's path or query may carry a token,
 * and the signature and secret are never logged.
 */
import type { Logger } from '../context.js';
import type { DeliveryReport } from './dispatcher.js';

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}

/** Writes one line per attempt: info when accepted or retried, warn when given up. */
export function logDeliveryAttempt(logger: Logger, report: DeliveryReport): void {
  const what = `webhook notification ${report.notificationId} (${report.event}) to ${originOf(report.url)}`;
  // Each answer is a sentence with its full stop, so the advice after it reads as one.
  const answer = report.outcome.error ?? `The receiver answered ${report.outcome.statusCode}.`;
  if (report.deliveryStatus === 'succeeded') {
    logger.info(`${what} delivered at attempt ${report.attempt}.`);
  } else if (report.retryInMs !== undefined) {
    logger.info(
      `${what} attempt ${report.attempt} failed: ${answer} Retry in ${report.retryInMs / 1000} s.`,
    );
  } else {
    logger.warn(
      `${what} failed for good after ${report.attempt} attempts: ${answer} The receiver must backfill from REST.`,
    );
  }
}
