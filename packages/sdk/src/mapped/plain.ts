/** The mapped forms of the three answers that are plain JSON rather than JSON:API. */
import { camelCase, camelCaseKeys } from '../jsonapi/case.js';
import { flag, objectOrNull, stringsOrNull, text } from './coerce.js';
import type {
  MappedRefreshResult,
  MappedWebhookIps,
  MappedWebhookTriggerResult,
} from './webhooks.js';

/** Header names exactly as sent, values as text. */
function headerMap(value: unknown): Record<string, string> | null {
  const headers = objectOrNull(value);
  if (headers === null) return null;
  const out: Record<string, string> = {};
  for (const name in headers) out[name] = String(headers[name]);
  return out;
}

/** Maps the answer of `POST /webhooks/trigger`: members camelCased, header names kept as sent. */
export function mapWebhookTriggerResult(body: unknown): MappedWebhookTriggerResult {
  const source = objectOrNull(body) ?? {};
  const out: Record<string, unknown> = {};
  for (const key in source) out[camelCase(key)] = source[key];
  if ('response_headers' in source) out.responseHeaders = headerMap(source.response_headers);
  return {
    ...out,
    url: text(source.url),
    succeeded: flag(source.succeeded),
    requestHeaders: headerMap(source.request_headers),
    requestBody: text(source.request_body),
  };
}

/** Maps the answer of `GET /webhooks/ips`. */
export function mapWebhookIps(body: unknown): MappedWebhookIps {
  const source = objectOrNull(body) ?? {};
  return {
    ...objectOrNull(camelCaseKeys(source)),
    webhookNotificationIps: stringsOrNull(source.webhook_notification_ips),
  };
}

/** Maps the answer of `PATCH /containers/{id}/refresh`. */
export function mapRefreshResult(body: unknown): MappedRefreshResult {
  const source = objectOrNull(body) ?? {};
  return { ...objectOrNull(camelCaseKeys(source)), message: text(source.message) };
}
