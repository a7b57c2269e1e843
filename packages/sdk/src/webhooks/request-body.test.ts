/**
 * The one body reader (the webhook handlers, the mock and the MCP endpoint
 * read with it): a declared length over the limit is refused before a
 * byte is read, and a body without one is cut off as soon as it passes.
 */
import { describe, expect, it } from 'vitest';
import { readBodyWithin } from './request-body.js';

/** A request whose body comes in `chunks` of 10 bytes, counting how many were pulled and whether it was cancelled. */
function streamed(chunks: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) {
        controller.close();
        return;
      }
      seen.pulled += 1;
      controller.enqueue(new TextEncoder().encode('0123456789'));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request('http://localhost/', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);
  return { request, seen };
}

describe('readBodyWithin', () => {
  it('reads a body up to the limit whole', async () => {
    const { request } = streamed(3);
    const bytes = await readBodyWithin(request, 30);
    expect(new TextDecoder().decode(bytes)).toBe('0123456789'.repeat(3));
    const empty = new Request('http://localhost/', { method: 'POST' });
    expect(await readBodyWithin(empty, 30)).toEqual(new Uint8Array(0));
  });

  it('refuses a declared Content-Length over the limit before reading a byte', async () => {
    const { request, seen } = streamed(100, { 'content-length': '1000' });
    expect(await readBodyWithin(request, 30)).toBeUndefined();
    expect(seen.pulled).toBeLessThanOrEqual(1);
    expect(request.bodyUsed).toBe(false);
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    const { request, seen } = streamed(100);
    expect(await readBodyWithin(request, 30)).toBeUndefined();
    expect(seen.pulled).toBeLessThan(10);
    expect(seen.cancelled).toBe(true);
  });
});
