/**
 * The options of `shiptrack-mock proxy`, from its settings (flags over
 * `SVC_MOCK_PROXY_*`), each checked; a bad one is a {@link UsageError}
 * that says what to fix.
 */
import {
  booleanSetting,
  integerSetting,
  type ResolvedSettings,
  stringSetting,
  UsageError,
} from '@shiptrack/ops';

/** The parsed command line of `shiptrack-mock proxy`. */
export interface ProxyCliOptions {
  target: string;
  port: number;
  timeoutMs: number;
  readyFile: string | undefined;
  failOnMismatch: boolean;
}

/** The proxy's options from its resolved settings. */
export function proxyOptions(settings: ResolvedSettings): ProxyCliOptions {
  const target = stringSetting(settings, 'target');
  const timeout = stringSetting(settings, 'timeout') ?? '60';
  const readyFile = stringSetting(settings, 'ready-file');
  if (target === undefined) {
    throw new UsageError(
      '--target is required: the REST base of the service, e.g. https://api.example.com/v2.',
    );
  }
  const timeoutMs = Math.round(Number(timeout) * 1000);
  if (!/^\d+(\.\d+)?$/.test(timeout) || timeoutMs < 1) {
    throw new UsageError(`--timeout must be a number of seconds above 0; got "${timeout}".`);
  }
  if (readyFile === '') throw new UsageError('--ready-file needs a path.');
  return {
    target,
    port: integerSetting(settings, 'port') ?? 4011,
    timeoutMs,
    readyFile,
    failOnMismatch: booleanSetting(settings, 'fail-on-mismatch', false),
  };
}
