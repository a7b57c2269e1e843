/**
 * `shiptrack api <method> <path>`: any path of the API, as `gh api` and
 * `stripe get` reach theirs, through the SDK's `rawRequest` (the same key,
 * rate limit, retries, exit codes and `--jq` as every other command).
 */
import {
  Argument,
  type CommandUnknownOpts,
  InvalidArgumentError,
} from '@commander-js/extra-typings';
import { rawRequest, rawRequestPages } from '@shiptrack/sdk';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { bodyOf, type FieldArgument, inputBody, queryOf } from './api-fields.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
/** Methods whose fields go in the query; the others send them as the JSON body. */
const WITHOUT_BODY = new Set(['GET', 'DELETE']);

/** The method as the service takes it (any case typed). */
function methodOf(value: string): string {
  const method = value.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new InvalidArgumentError(`pass one of ${METHODS.join(', ')}.`);
  }
  return method;
}

/** Collects repeated `-F`/`-f` in the order given, each marked typed or not. */
function collect(typed: boolean) {
  return (text: string, previous: FieldArgument[] = []) => [...previous, { text, typed }];
}

/** Reads all of stdin as text (for `--input -` or `-F key=@-`). */
async function readStdin(io: Io): Promise<string> {
  let text = '';
  for await (const chunk of io.in) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
}

/** `shiptrack api <method> <path>`. */
export function registerApi(program: CommandUnknownOpts, io: Io): void {
  const api = program
    .command('api')
    .summary('call any path of the API, as gh api')
    .description(
      'Call any path of the API with your key, the rate limit and retries of every command: its JSON answer as sent. -F/-f fields go in the query of a GET or DELETE, else in the JSON body.',
    )
    .addArgument(new Argument('<method>', 'GET, POST, PATCH, PUT or DELETE').argParser(methodOf))
    .argument('<path>', 'a path under the base URL: /v2/shipments, /shipments or shipments')
    .option('-F, --field <key=value>', 'a typed field (true, 12, null, @file)', collect(true))
    .option('-f, --raw-field <key=value>', 'a field sent as text', collect(false))
    .option('--input <file>', 'the JSON body from a file (- for stdin)')
    .option('--paginate', 'GET every page (links.next), each page one JSON line');
  withExample(api, "shiptrack api GET /v2/shipments --paginate --jq '.data[].id'");
  api.action((method: string, path: string) =>
    runAction(api, io, async ({ ctx, signal }) => {
      const flags = api.opts();
      const fields = [...(flags.field ?? []), ...(flags.rawField ?? [])];
      const stdin = () => readStdin(io);
      if (flags.paginate && method !== 'GET') {
        throw usageError('--paginate follows the pages of a GET: leave it out, or use GET.');
      }
      if (flags.input !== undefined && WITHOUT_BODY.has(method)) {
        throw usageError(`--input is a body, and ${method} sends none: pass the fields with -F.`);
      }
      // As gh api: with --input the fields go in the query; without, in the body of a write.
      const inQuery = WITHOUT_BODY.has(method) || flags.input !== undefined;
      const query = inQuery ? await queryOf(fields, stdin) : undefined;
      const body =
        flags.input !== undefined
          ? await inputBody(flags.input, stdin)
          : inQuery || fields.length === 0
            ? undefined
            : await bodyOf(fields, stdin);
      const client = await ctx.client();
      if (flags.paginate) {
        for await (const page of rawRequestPages(client, path, { query, signal })) {
          ctx.printer.line(page.body ?? null);
        }
        return undefined;
      }
      const answer = await rawRequest(client, method, path, { query, body, signal });
      if (answer.body !== undefined) ctx.printer.document(answer.body);
      return undefined;
    }),
  );
}
