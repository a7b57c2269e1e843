/**
 * jq itself (jqlang's, compiled to WebAssembly by jq-wasm), for `--jq`.
 * Its own file in the bin (`dist/jq.cjs`, some 1.4 MB with the wasm
 * inside), read only by a run with `--jq`, so every other start stays as
 * small and quick.
 */
import { loadJq } from 'jq-wasm/inline';

/** What one run of a filter gave: its output as jq writes it, or jq's own error. */
export interface JqOutcome {
  /** jq's output: strings raw (as `jq -r`), other values as JSON, one per line. */
  output: string;
  /** jq's error message, when the filter failed on this input. */
  error: string | undefined;
}

/** A filter checked by jq, to run on each value printed. */
export interface JqFilter {
  /** The version of jq running it (`jq-1.8.2`). */
  version: string;
  /** Runs the filter on one value, given as JSON text. */
  run(json: string): JqOutcome;
}

/** jq's exit code for a filter it cannot compile. */
const COMPILE_ERROR = 3;

/** jq's message without its `jq: error` prefixes and the compile count. */
function messageOf(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line !== '' && !/^jq: \d+ compile errors?$/.test(line))
    .map((line) => line.replace(/^jq: error( \(at [^)]*\))?: /, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Compiles `expression` with jq (a filter jq cannot compile is rejected with
 * jq's message before anything is fetched), to run with `-r` (strings raw,
 * as gh's `--jq`) and `-c` when `compact`.
 */
export async function compileJq(
  expression: string,
  options: { compact: boolean },
): Promise<JqFilter> {
  const jq = await loadJq();
  const flags = options.compact ? ['-r', '-c'] : ['-r'];
  const check = jq.raw('null', expression, flags);
  if (check.exitCode === COMPILE_ERROR) {
    throw new SyntaxError(messageOf(check.stderr));
  }
  return {
    version: jq.version,
    run(json) {
      const result = jq.raw(json, expression, flags);
      const failed = result.exitCode !== 0 && result.stderr !== '';
      return { output: result.stdout, error: failed ? messageOf(result.stderr) : undefined };
    },
  };
}
