import { describe, expect, it } from 'vitest';
import { operations } from '../generated/operations.js';
import { RouteTable } from './routes.js';

describe('RouteTable', () => {
  const routes = new RouteTable(operations);

  it('matches concrete paths to their operation and bucket', () => {
    expect(routes.match('PATCH', '/containers/abc/refresh')?.bucket).toBe('refresh_container');
    expect(routes.match('post', '/tracking_requests')?.bucket).toBe('create_tracking_request');
    expect(routes.match('POST', '/tracking_requests/infer_number')?.bucket).toBe(
      'infer_tracking_number',
    );
    expect(routes.match('GET', '/containers/abc')?.operationId).toBe('getContainer');
  });

  it('prefers static paths over templates', () => {
    expect(routes.match('GET', '/webhooks/events')?.operationId).toBe('listWebhookEvents');
    expect(routes.match('GET', '/webhooks/ips')?.operationId).toBe('listWebhookIps');
    expect(routes.match('GET', '/webhooks/0d9e')?.operationId).toBe('getWebhook');
  });

  it('answers undefined for unknown requests, and the same on repeated lookups', () => {
    expect(routes.match('GET', '/nothing/here')).toBeUndefined();
    expect(routes.match('GET', '/nothing/here')).toBeUndefined();
    expect(routes.match('DELETE', '/containers/abc')).toBeUndefined();
  });
});
