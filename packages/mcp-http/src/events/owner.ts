/**
 * The owner of a stream's events: the account, named by a hash of its API
 * key (never the key itself), the same on every instance.
 */

/** SHA-256 (hex) of the API key, domain-separated from every other hash of it. */
export async function streamOwnerOf(apiKey: string): Promise<string> {
  const input = new TextEncoder().encode(`shiptrack-mcp-http sse-owner\u0000${apiKey}`);
  const digest = await crypto.subtle.digest('SHA-256', input);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
