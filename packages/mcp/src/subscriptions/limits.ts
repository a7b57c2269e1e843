/** The caps on following containers, shared by the hub and its sessions. */

/** How many containers may be followed at once. */
export interface SubscriptionLimits {
  /** Distinct containers one connection (one `subscriptions/listen` stream over HTTP) follows (default 50). */
  perConnection: number;
  /**
   * Subscriptions of one account, all connections together (default 500):
   * in this process, or across processes with a shared `counter`.
   */
  perAccount: number;
}

/** The default {@link SubscriptionLimits}. */
export const DEFAULT_SUBSCRIPTION_LIMITS: Readonly<SubscriptionLimits> = {
  perConnection: 50,
  perAccount: 500,
};
