/**
 * Fault injection for resilience tests: extra latency, 5xx answers, dropped
 * connections and forced 429s, each scoped to a method and a path pattern,
 * and limited to a number of requests or a probability drawn from a seeded
 * PRNG (so a failing run can be replayed).
 */
import type { MiddlewareHandler } from 'hono';
import { SeededRandom } from '../engine/ids.js';
import type { AppEnv } from './env.js';
import { renderError, serverError, tooManyRequests } from './errors.js';
import { pathGlobToRegExp } from './path-glob.js';
import { BodyCheck, isObject } from './validation.js';

/** A fault as configured through `POST /_mock/faults`. */
export interface FaultRule {
  id: string;
  /** HTTP method, or `*` for any (default). */
  method: string;
  /** Path pattern: `*` matches within one segment, `**` across segments (e.g. `/v2/containers/*`). */
  path: string;
  /** Wall-clock delay before answering (or before the other fault). */
  latencyMs?: number;
  /** Answer with this 5xx status. */
  status?: number;
  /** Close the connection without answering. */
  drop?: boolean;
  /** Answer 429 with this `Retry-After`. */
  rateLimit?: { retryAfter: number };
  /** Apply to this many matching requests, then expire. */
  count?: number;
  /** Apply to each matching request with this probability (seeded). */
  probability?: number;
  seed?: string;
}

interface ActiveRule extends FaultRule {
  pattern: RegExp;
  random: SeededRandom;
  remaining: number;
}

/** Parses a fault rule from a control-API body; throws 422 listing the problems. */
export function parseFaultRule(body: unknown, id: string): FaultRule {
  const check = new BodyCheck();
  if (!isObject(body)) {
    check.add(
      '',
      'invalid',
      'must be an object such as { "path": "/v2/containers/*", "status": 503, "count": 1 }.',
    );
    check.finish();
    return { id, method: '*', path: '' };
  }
  check.closed(body, '', [
    'method',
    'path',
    'latencyMs',
    'status',
    'drop',
    'rateLimit',
    'count',
    'probability',
    'seed',
  ]);
  const path = check.string(body, '', 'path', { required: true, maxLength: 500 });
  const method = check.string(body, '', 'method', { required: false })?.toUpperCase() ?? '*';
  const rule: FaultRule = { id, method, path: path ?? '' };
  const number = (key: string, min: number, max: number, integer: boolean): number | undefined => {
    const value = body[key];
    if (value === undefined) return undefined;
    if (
      typeof value !== 'number' ||
      value < min ||
      value > max ||
      (integer && !Number.isInteger(value))
    ) {
      check.add(
        `/${key}`,
        'invalid',
        `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`,
      );
      return undefined;
    }
    return value;
  };
  const latencyMs = number('latencyMs', 0, 60_000, true);
  const status = number('status', 500, 599, true);
  const count = number('count', 1, 1_000_000, true);
  const probability = number('probability', 0, 1, false);
  if (latencyMs !== undefined) rule.latencyMs = latencyMs;
  if (status !== undefined) rule.status = status;
  if (count !== undefined) rule.count = count;
  if (probability !== undefined) rule.probability = probability;
  if (body.drop !== undefined) {
    if (typeof body.drop === 'boolean') rule.drop = body.drop;
    else check.add('/drop', 'invalid', 'must be true or false.');
  }
  if (body.rateLimit !== undefined) {
    const retryAfter = isObject(body.rateLimit) ? body.rateLimit.retryAfter : undefined;
    if (typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter >= 0) {
      rule.rateLimit = { retryAfter };
    } else {
      check.add('/rateLimit/retryAfter', 'invalid', 'must be an integer number of seconds >= 0.');
    }
  }
  if (typeof body.seed === 'string') rule.seed = body.seed;
  const effects = [rule.latencyMs, rule.status, rule.drop, rule.rateLimit].filter(
    (x) => x !== undefined,
  );
  if (effects.length === 0) {
    check.add('', 'blank', 'needs at least one of latencyMs, status, drop or rateLimit.');
  }
  if (rule.count !== undefined && rule.probability !== undefined) {
    check.add('/probability', 'invalid', 'cannot be combined with count; pick one.');
  }
  check.finish();
  return rule;
}

/** The faults currently configured, and the middleware that applies them. */
export class FaultInjector {
  private rules: ActiveRule[] = [];

  /** Adds a rule; it applies from the next request on. */
  add(rule: FaultRule): void {
    this.rules.push({
      ...rule,
      pattern: pathGlobToRegExp(rule.path),
      random: new SeededRandom(`faults:${rule.seed ?? rule.id}`),
      remaining: rule.count ?? Number.POSITIVE_INFINITY,
    });
  }

  /** The configured rules (with what is left of their counts). */
  list(): FaultRule[] {
    return this.rules.map(({ pattern: _pattern, random: _random, remaining, ...rule }) =>
      rule.count === undefined ? rule : { ...rule, count: remaining },
    );
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The first rule that applies to a request, consuming one use of it. */
  private take(method: string, path: string): ActiveRule | undefined {
    for (const rule of this.rules) {
      if (rule.remaining <= 0) continue;
      if (rule.method !== '*' && rule.method !== method) continue;
      if (!rule.pattern.test(path)) continue;
      if (rule.probability !== undefined && rule.random.next() >= rule.probability) continue;
      rule.remaining -= 1;
      return rule;
    }
    return undefined;
  }

  /** The middleware applying the faults to the REST API. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (this.rules.length === 0) return next();
      const rule = this.take(c.req.method, new URL(c.req.url).pathname);
      if (rule === undefined) return next();
      if (rule.latencyMs !== undefined)
        await new Promise((resolve) => setTimeout(resolve, rule.latencyMs));
      // Response.error() is a network error: each adapter turns it into a dropped connection.
      if (rule.drop === true) return Response.error();
      if (rule.rateLimit !== undefined)
        return renderError(tooManyRequests(rule.rateLimit.retryAfter));
      if (rule.status !== undefined) {
        return renderError(
          serverError(
            rule.status,
            `Injected fault ${rule.id} (status ${rule.status}). Retry with backoff.`,
          ),
        );
      }
      return next();
    };
  }
}
