import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { registerApi } from './commands/api.js';
import { registerAuthCommands } from './commands/auth.js';
import { registerCommandsList } from './commands/commands-list.js';
import { registerCompleteValues } from './commands/complete-values.js';
import { registerCompletion } from './commands/completion.js';
import { registerDemurrage } from './commands/demurrage.js';
import { registerMirror } from './commands/mirror.js';
import { OPERATIONS } from './commands/operations/index.js';
import { describeGroups, registerOperations, withExample } from './commands/register.js';
import { registerTrack } from './commands/track.js';
import { registerWatch } from './commands/watch.js';
import { registerWebhooksListen } from './commands/webhooks-listen.js';
import { withListenerDefaults } from './commands/webhooks-trigger.js';
import { parseDuration } from './config/duration.js';
import type { Io } from './context.js';
import { CLI_VERSION } from './version.js';

/**
 * The top of `shiptrack --help`, broken by hand at phrase boundaries, each
 * line under 60 characters so that commander never wraps it again on a
 * terminal of 60 columns or more.
 */
export const ABOUT = [
  'The Shipment and Container Tracking Service: tables on a',
  'terminal, JSON in a pipe (--json, --jq, --bare).',
  'Exit codes: 0 ok, 2 usage, 3 auth, 4 not found, 5 invalid,',
  '6 rate limited, 7 upstream, 8 network, 9 bad answer,',
  '10 needs attention, 130 Ctrl-C, 143 SIGTERM.',
  'Start: shiptrack login, or shiptrack --mock containers list',
].join('\n');

function positiveNumber(name: string) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0) {
      throw new Error(`${name} needs a number of 0 or more, got "${value}"`);
    }
    return number;
  };
}

/** Checks `--timeout` as commander reads it, so a bad value is a usage error like any other. */
function validDuration(value: string): string {
  try {
    parseDuration(value, '--timeout');
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
  return value;
}

/** The whole `shiptrack` command tree. */
export function buildProgram(io: Io): Command {
  const program = new Command('shiptrack')
    .description(ABOUT)
    .version(CLI_VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command...]', 'help: shiptrack help containers list')
    // The command list names each command alone: `track [options] <number>` widened every line.
    .configureHelp({ subcommandTerm: (command) => command.name() })
    .showSuggestionAfterError(true)
    .option('--json', 'write JSON (the default in a pipe)')
    .option('--jq <expression>', "filter the JSON with jq, as gh's --jq")
    .option('--bare', 'JSON of the records alone, without {ok, data, page}')
    .option('--table', 'write a table (the default on a terminal)')
    .option('--compact', 'JSON on one line (implies --json)')
    .option('--no-color', 'no colours (also NO_COLOR=1; FORCE_COLOR=1 forces)')
    .option('--fields <a,b.c>', 'only these fields (dotted paths)')
    .addOption(
      new Option('--format <format>', 'records as the SDK maps them, raw or both').choices([
        'mapped',
        'raw',
        'both',
      ]),
    )
    .option('--mock', 'demo data in this process (no key, no network)')
    .option('--api-key <key>', 'API key (prefer SVC_API_TOKEN or `shiptrack login`)')
    .option('--base-url <url>', 'REST root ending in /v2 (or SVC_API_BASE_URL)')
    .option(
      '--max-retries <n>',
      'retries of a failed call where safe (default 2)',
      positiveNumber('--max-retries'),
    )
    .option('--timeout <duration>', 'time for an answer or a --wait (default 60s)', validDuration)
    .option(
      '--max-wait <seconds>',
      'longest Retry-After to wait out (default 60)',
      positiveNumber('--max-wait'),
    );
  withExample(program, 'shiptrack --mock containers list --fields id,number,status');
  registerOperations(program, withListenerDefaults(OPERATIONS, io.env), io);
  registerTrack(program, io);
  registerDemurrage(program, io);
  registerWebhooksListen(program, io);
  registerWatch(program, io);
  registerApi(program, io);
  registerMirror(program, io);
  registerAuthCommands(program, io);
  registerCompletion(program, io);
  registerCommandsList(program, io);
  registerCompleteValues(program, io);
  describeGroups(program);
  return program;
}
