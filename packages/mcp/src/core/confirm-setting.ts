/**
 * Reads the environment variable that turns on `confirmTrackingRequests`
 * (`SVC_CONFIRM_TRACKING_REQUESTS` of `shiptrack-mcp`,
 * `SVC_MCP_CONFIRM_TRACKING_REQUESTS` of `shiptrack-mcp-http`): `true` or
 * `1` on; `false`, `0`, empty or unset off. Anything else throws a
 * `TypeError` naming the variable: a typo must not leave quota unguarded
 * without a word.
 */
export function readConfirmTrackingRequests(name: string, value: string | undefined): boolean {
  const setting = value?.trim().toLowerCase() ?? '';
  if (setting === 'true' || setting === '1') return true;
  if (setting === 'false' || setting === '0' || setting === '') return false;
  throw new TypeError(`${name} must be true or false; got "${value}".`);
}
