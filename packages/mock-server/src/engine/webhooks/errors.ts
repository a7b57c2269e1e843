/**
 * Errors of the webhook subsystem. The HTTP layer turns each into a JSON:API
 * error document; none of them ever carries a webhook secret.
 */

/**
 * One problem found in a webhook request body, located by a JSON pointer;
 * `detail` continues a sentence whose subject is that member.
 */
export interface WebhookValidationIssue {
  /** JSON pointer into the request body, e.g. `/data/attributes/events/1`. */
  readonly pointer: string;
  /** Machine code: `blank`, `invalid`, `unknown_attribute`, `duplicate`, ... */
  readonly code: string;
  /** What is wrong and how to fix it. */
  readonly detail: string;
}

/** A webhook body that the service would reject with 422. */
export class WebhookValidationError extends Error {
  override name = 'WebhookValidationError';
  readonly issues: readonly WebhookValidationIssue[];

  constructor(issues: readonly WebhookValidationIssue[], options: { cause?: unknown } = {}) {
    super(
      `The webhook is invalid: ${issues.map((i) => `${i.pointer} ${i.detail}`).join('; ')}. Fix these attributes and send the request again.`,
      options,
    );
    this.issues = issues;
  }
}

/** No webhook (or notification) with that id exists in the caller's account. */
export class WebhookResourceNotFoundError extends Error {
  override name = 'WebhookResourceNotFoundError';
  readonly resourceType: 'webhook' | 'webhook_notification';
  readonly id: string;

  constructor(
    resourceType: 'webhook' | 'webhook_notification',
    id: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      `No ${resourceType} with id ${id} exists in this account. List them to find a valid id.`,
      options,
    );
    this.resourceType = resourceType;
    this.id = id;
  }
}

/** A query parameter of a webhook endpoint that the service would reject with 400. */
export class WebhookParameterError extends Error {
  override name = 'WebhookParameterError';
  readonly parameter: string;

  constructor(parameter: string, detail: string, options: { cause?: unknown } = {}) {
    super(detail, options);
    this.parameter = parameter;
  }
}
