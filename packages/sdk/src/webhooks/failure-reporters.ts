/**
 * Lets `toNodeHandler` report failures it meets before the web handler runs
 * (a body too large, a body a parser consumed) to the `onError` of the
 * `createWebhookHandler` it wraps, so one error hook sees every delivery that
 * is not answered 2xx.
 */

/** Reports a failed delivery and the status it is answered with. */
export type WebhookFailureReporter = (error: Error, status: number) => Promise<void>;

const reporters = new WeakMap<object, WebhookFailureReporter>();

/** Remembers how a handler reports failures. */
export function registerFailureReporter(handler: object, reporter: WebhookFailureReporter): void {
  reporters.set(handler, reporter);
}

/** How a handler made by `createWebhookHandler` reports failures, if it was made there. */
export function failureReporterOf(handler: object): WebhookFailureReporter | undefined {
  return reporters.get(handler);
}
