/**
 * Reads the environment variable that turns on `confirmTrackingRequests`
 * (`SVC_CONFIRM_TRACKING_REQUESTS` of `shiptrack-mcp`,
 * `SVC_MCP_CONFIRM_TRACKING_REQUESTS` of `shiptrack-mcp-http`): `true` or
 * `1` on; `false`, `0`, empty or unset off. Anything else throws a
 * `TypeError` naming the variable: a typo must not leave quota unguarded
 * without a word.
 */
export function readConfirmTrackingRequests(name: string, value: string | undefined): boolean {
  return readSwitch(name, value);
}

/**
 * Reads an environment variable that turns a switch on (the bins' read-only
 * mode, the confirmation of tracking requests): `true` or `1` on; `false`,
 * `0`, empty or unset off; anything else a `TypeError` naming the variable,
 * never a silent off.
 */
export function readSwitch(name: string, value: string | undefined): boolean {
  const setting = value?.trim().toLowerCase() ?? '';
  if (setting === 'true' || setting === '1') return true;
  if (setting === 'false' || setting === '0' || setting === '') return false;
  throw new TypeError(`${name} must be true or false; got "${value}".`);
}

/**
 * A comma-separated list (a flag's or an environment variable's), its
 * items trimmed: `undefined` when nothing was given.
 */
export function readList(values: readonly string[] | string | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const items = (typeof values === 'string' ? [values] : values)
    .flatMap((value) => value.split(','))
    .map((item) => item.trim());
  return items.filter((item) => item !== '');
}
