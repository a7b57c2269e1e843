/** Why a subscription was refused. */
export type SubscriptionRefusal =
  | 'not_a_container'
  | 'unknown_container'
  | 'connection_limit'
  | 'account_limit'
  | 'service_error';

/**
 * A subscription the server will not take, with what to do instead. Hosts
 * answer it as a JSON-RPC error: `-32602` (invalid params) for a URI that is
 * not one of the account's containers, `-32603` for a cap or a service failure.
 */
export class SubscriptionRefusedError extends Error {
  override name = 'SubscriptionRefusedError';
  readonly reason: SubscriptionRefusal;
  /** The URI refused (the first one, for a request naming several). */
  readonly uri: string;

  constructor(reason: SubscriptionRefusal, uri: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
    this.uri = uri;
  }

  /** The JSON-RPC error code to answer with. */
  get rpcCode(): number {
    return this.reason === 'not_a_container' || this.reason === 'unknown_container'
      ? -32602
      : -32603;
  }
}
