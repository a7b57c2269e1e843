/**
 * The options of `shiptrack-mock proxy`, from its settings (flags over
 * `SVC_MOCK_PROXY_*`), each checked; a bad one is a {@link UsageError}
 * that says what to fix.
 */
import {
  booleanSetting,
  decimalSetting,
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
  const readyFile = stringSetting(settings, 'ready-file');
  if (target === undefined) {
    throw new UsageError(
      '--target is required: the REST base of the service, e.g. https://api.example.com/v2.',
    );
  }
  if (readyFile === '') throw new UsageError('--ready-file needs a path.');
  return {
    target,
    port: integerSetting(settings, 'port') ?? 4011,
    timeoutMs: Math.round((decimalSetting(settings, 'timeout') ?? 60) * 1000),
    readyFile,
    failOnMismatch: booleanSetting(settings, 'fail-on-mismatch', false),
  };
}
