/** A JSON object (not an array, not null), as JSON-RPC messages and their members are read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
