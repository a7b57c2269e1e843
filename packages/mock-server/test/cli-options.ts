/** The options of running the mock, from a command line that runs it (not `--help` or `proxy`). */
import { type CliOptions, parseMockCommandLine } from '../src/cli/options.js';

/** `parseMockCommandLine(argv, env)`'s options to serve; throws for any other kind. */
export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  const line = parseMockCommandLine(argv, env);
  if (line.kind !== 'serve') throw new Error(`${argv.join(' ')} does not run the mock`);
  return line.options;
}
