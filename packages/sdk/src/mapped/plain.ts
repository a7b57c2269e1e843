import { camelCase, camelCaseKeys, isPlainObject } from '../jsonapi/case.js';
import { flag, strings, text } from './coerce.js';
import type {
  MappedRefreshResult,
  MappedWebhookIps,
  MappedWebhookTriggerResult,
} from './webhooks.js';

function headerMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isPlainObject(value)) {
    for (const [name, header] of Object.entries(value)) out[name] = String(header);
  }
  return out;
}

/**
 * Maps the answer of `POST /webhooks/trigger`: members camelCased, header
 * names kept exactly as sent.
 */
export function mapWebhookTriggerResult(body: unknown): MappedWebhookTriggerResult {
  const source = isPlainObject(body) ? body : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) out[camelCase(key)] = value;
  return {
    ...out,
    url: text(source.url) ?? '',
    succeeded: flag(source.succeeded) ?? false,
    requestHeaders: headerMap(source.request_headers),
    requestBody: text(source.request_body) ?? '',
    responseHeaders: source.response_headers == null ? null : headerMap(source.response_headers),
  };
}

/** Maps the answer of `GET /webhooks/ips`. */
export function mapWebhookIps(body: unknown): MappedWebhookIps {
  const source = isPlainObject(body) ? body : {};
  const rest = camelCaseKeys(source);
  return {
    ...(isPlainObject(rest) ? rest : {}),
    webhookNotificationIps: strings(source.webhook_notification_ips),
  };
}

/** Maps the answer of `PATCH /containers/{id}/refresh`. */
export function mapRefreshResult(body: unknown): MappedRefreshResult {
  const source = isPlainObject(body) ? body : {};
  const rest = camelCaseKeys(source);
  return { ...(isPlainObject(rest) ? rest : {}), message: text(source.message) ?? '' };
}
