/**
 * How a server logs, from the settings every server with logs has
 * (`--log-level`, `--log-format` and their shared variables `LOG_LEVEL`
 * and `LOG_FORMAT`): one table and one reader for `shiptrack-mcp-http`
 * and `shiptrack-mirror`.
 */
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevelName } from '../logging/logger.js';
import { choiceSetting, type ResolvedSettings, type SettingSpec } from './settings.js';

/** The level and format a server's logger is made with. */
export interface LogSettings {
  readonly level: LogLevelName;
  readonly format: LogFormat;
}

/** The settings {@link logSettings} reads, as flags of `commands` (every command's when absent). */
export function logSettingSpecs(commands?: readonly string[]): SettingSpec[] {
  const of = commands === undefined ? {} : { commands };
  return [
    {
      name: 'log-level',
      form: 'value',
      placeholder: '<level>',
      sharedEnv: 'LOG_LEVEL',
      choices: LOG_LEVELS,
      defaultText: 'info',
      summary: 'lowest level logged',
      ...of,
    },
    {
      name: 'log-format',
      form: 'value',
      placeholder: '<format>',
      sharedEnv: 'LOG_FORMAT',
      choices: LOG_FORMATS,
      defaultText: 'auto',
      summary: 'how records are written (auto: pretty on a terminal)',
      ...of,
    },
  ];
}

/** The level (default `info`) and format (default `auto`) given. */
export function logSettings(resolved: ResolvedSettings): LogSettings {
  return {
    level: choiceSetting(resolved, 'log-level', LOG_LEVELS, 'info'),
    format: choiceSetting(resolved, 'log-format', LOG_FORMATS, 'auto'),
  };
}
