/**
 * A real `node:http` service that gives one canned answer per case: the
 * first path segment names the case, so each case's client takes
 * `${origin}/<case>/v2` as its base URL. For tests of how failures are
 * classified (statuses, JSON:API errors, Retry-After, a proxy's HTML page).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One canned answer: a body starting with `<` is sent as `text/html`, any other as JSON:API. */
export interface CannedAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A running canned service. */
export interface CannedService {
  readonly origin: string;
  /** The base URL of a case's client. */
  baseUrl(answer: string): string;
  /** How many requests a case has been sent so far. */
  requests(answer: string): number;
  close(): Promise<void>;
}

/** Starts the service on a free loopback port; an unknown case is answered 500. */
export async function startCannedService(
  answers: Readonly<Record<string, CannedAnswer>>,
): Promise<CannedService> {
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    const name = (req.url ?? '').split('/')[1] ?? '';
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const answer = answers[name];
    if (answer === undefined) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(answer.status, {
      'content-type': answer.body.startsWith('<') ? 'text/html' : 'application/vnd.api+json',
      ...answer.headers,
    });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: (answer) => `${origin}/${answer}/v2`,
    requests: (answer) => counts.get(answer) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
