/**
 * The addresses the mock claims its deliveries come from, for
 * `GET /webhooks/ips`. They are in the IPv4 documentation ranges of RFC 5737,
 * so an allow-list built from them can never match a real host by accident.
 */

/** The body of `GET /webhooks/ips`. */
export interface WebhookSourceIps {
  readonly webhook_notification_ips: readonly string[];
  readonly last_updated: string;
}

/** The mock's delivery source addresses (fixed, so clients can cache them). */
export const WEBHOOK_SOURCE_IPS: WebhookSourceIps = {
  webhook_notification_ips: ['192.0.2.10', '192.0.2.11', '198.51.100.20', '203.0.113.30'],
  last_updated: '2025-01-01T00:00:00Z',
};
