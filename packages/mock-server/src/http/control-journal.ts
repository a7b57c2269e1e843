/**
 * The request journal in the control API, for the account of the
 * `Authorization` key:
 *
 * - `GET /_mock/journal?method=&path=&status=`: its entries, oldest first;
 * - `DELETE /_mock/journal`: forget them;
 * - `POST /_mock/journal/verify`: `{ "request": <pattern>, "count": 1 }`
 *   (or `{ "min": 1, "max": 3 }`; default at least one) or
 *   `{ "order": [<pattern>, ...] }`; answers `{ ok, message, matched }`,
 *   200 whether or not it holds, so a test in any language asserts `ok`
 *   and prints `message`.
 */
import type { Context } from 'hono';
import type { Engine } from '../engine/engine.js';
import type { RequestJournal } from '../journal/journal.js';
import { matches, parsePattern } from '../journal/pattern.js';
import type { CountExpectation, RequestPattern } from '../journal/types.js';
import { checkCount, checkOrder } from '../journal/verify.js';
import { readJsonBody } from './body.js';
import { controlAccount } from './control-account.js';
import type { ControlRoute } from './control-route.js';
import { plainJson } from './documents.js';
import type { AppEnv } from './env.js';
import { badParameter } from './errors.js';
import { BodyCheck, isObject } from './validation.js';

const FILTERS = ['method', 'path', 'status'];

/** The pattern of `GET /_mock/journal`'s filters; 400 for another parameter, 422 for a bad value. */
function filterOf(c: Context<AppEnv>): RequestPattern {
  const given: Record<string, unknown> = {};
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (!FILTERS.includes(name)) {
      throw badParameter(
        name,
        `The journal is filtered by ${FILTERS.join(', ')}; ${name} is none of them.`,
      );
    }
    given[name] = name === 'status' && /^\d+$/.test(value) ? Number(value) : value;
  }
  const check = new BodyCheck();
  const pattern = parsePattern(given, '', check, { withStatus: true });
  check.finish();
  return pattern;
}

function countOf(value: unknown, check: BodyCheck): CountExpectation {
  const whole = (item: unknown): item is number =>
    typeof item === 'number' && Number.isSafeInteger(item) && item >= 0;
  if (value === undefined) return { min: 1 };
  if (whole(value)) return value;
  if (isObject(value)) {
    check.closed(value, '/count', ['min', 'max']);
    const { min, max } = value;
    if ((min === undefined || whole(min)) && (max === undefined || whole(max))) {
      return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
    }
  }
  check.add('/count', 'invalid', 'must be a whole number of requests, or { "min": n, "max": m }.');
  return { min: 1 };
}

async function verifyRoute(journal: RequestJournal, accountId: string, c: Context<AppEnv>) {
  const body = await readJsonBody(c, { required: true });
  const check = new BodyCheck();
  const entries = journal.entries(accountId);
  if (isObject(body) && Array.isArray(body.order)) {
    check.closed(body, '', ['order']);
    const patterns = body.order.map((item, index) =>
      parsePattern(item, `/order/${index}`, check, { withStatus: true }),
    );
    if (patterns.length === 0) check.add('/order', 'blank', 'needs at least one pattern.');
    check.finish();
    return plainJson(checkOrder(entries, patterns));
  }
  if (!isObject(body) || body.request === undefined) {
    check.add(
      '',
      'invalid',
      'must be { "request": { "method": "POST", "path": "/v2/tracking_requests" }, "count": 1 } or { "order": [ ... ] }.',
    );
    check.finish();
  }
  const question = isObject(body) ? body : {};
  check.closed(question, '', ['request', 'count']);
  const pattern = parsePattern(question.request, '/request', check, { withStatus: true });
  const count = countOf(question.count, check);
  check.finish();
  return plainJson(checkCount(entries, pattern, count));
}

/** The journal's routes of the control API. */
export function journalControlRoutes(engine: Engine, journal: RequestJournal): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/journal',
      handle: (c) => {
        const account = controlAccount(engine, c, 'Journals');
        const pattern = filterOf(c);
        return plainJson({
          account: { id: account.id, name: account.name },
          entries: journal.entries(account.id).filter((entry) => matches(pattern, entry)),
          dropped: journal.dropped(account.id),
          limits: { max_entries: journal.limits.maxEntries, max_bytes: journal.limits.maxBytes },
        });
      },
    },
    {
      method: 'DELETE',
      path: '/journal',
      handle: (c) => {
        journal.clear(controlAccount(engine, c, 'Journals').id);
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: '/journal/verify',
      handle: (c) => verifyRoute(journal, controlAccount(engine, c, 'Journals').id, c),
    },
  ];
}
