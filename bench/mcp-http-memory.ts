/**
 * The memory scenario of `mcp-http.bench.ts`: one host process answers
 * `tools/call` for many distinct API keys (so many SDK clients, key
 * verdicts and reused servers), and its RSS is read after each key has
 * called once and again after many more calls. Growth past the first
 * reading is what the host keeps per key beyond its bounded caches.
 */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';

/** A recorded HTTP request to replay. */
export interface ReplayedRequest {
  headers: Record<string, string>;
  body: string;
}

/** RSS of both readings, in MB. */
export interface RssGrowth {
  afterFirst: number;
  afterAll: number;
  calls: number;
  errors: number;
}

/** The resident set of process `pid`, in MB (`ps`, so Linux and macOS). */
function rssOf(pid: number): number {
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

async function replay(
  url: string,
  request: ReplayedRequest,
  keys: string[],
  amount: number,
): Promise<number> {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 10,
    amount,
    requests: [
      {
        method: 'POST',
        body: request.body,
        // Every call in turn with the next key, so each key calls as often as the others.
        setupRequest: (sent) => ({
          ...sent,
          headers: { ...request.headers, authorization: `Token ${keys[next++ % keys.length]}` },
        }),
      },
    ],
  });
  return result.errors + result.non2xx;
}

/** Replays `request` once per key, reads RSS, replays it `totalCalls` times in all, reads RSS again. */
export async function rssGrowth(options: {
  url: string;
  pid: number;
  request: ReplayedRequest;
  keys: string[];
  totalCalls: number;
}): Promise<RssGrowth> {
  const { url, pid, request, keys, totalCalls } = options;
  let errors = await replay(url, request, keys, keys.length);
  const afterFirst = rssOf(pid);
  errors += await replay(url, request, keys, totalCalls - keys.length);
  return { afterFirst, afterAll: rssOf(pid), calls: totalCalls, errors };
}
