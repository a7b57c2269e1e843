/**
 * `--print-config`: the effective configuration as a table, each setting
 * with its value and where it came from (flag, env, default). Secrets are
 * masked, and so is the password of a URL (`redis://:pw@host`).
 */
import type { ResolvedSetting, ResolvedSettings } from './settings.js';

/** Shown instead of a secret's value. */
export const MASKED = '********';

/** One row of the table: a setting, or a variable read beside the settings (`OTEL_*`). */
export interface ConfigRow {
  readonly setting: string;
  readonly value: string;
  /** `flag --port`, `env SVC_MCP_PORT`, `env PORT (old name)`, `default`. */
  readonly source: string;
}

/** A URL's password masked; any other text as it is. */
export function maskUrlPassword(text: string): string {
  try {
    const url = new URL(text);
    if (url.password === '') return text;
    url.password = MASKED;
    return url.href;
  } catch {
    return text;
  }
}

function valueText(setting: ResolvedSetting): string {
  const { value, spec } = setting;
  if (value === undefined) return spec.defaultText ?? '(unset)';
  if (spec.secret) return MASKED;
  if (Array.isArray(value)) return value.map(maskUrlPassword).join(',');
  return maskUrlPassword(String(value));
}

function sourceText(setting: ResolvedSetting): string {
  switch (setting.source) {
    case 'flag':
      return `flag ${setting.from}`;
    case 'env':
      return `env ${setting.from}`;
    case 'legacy-env':
      return `env ${setting.from} (old name)`;
    case 'default':
      return 'default';
  }
}

/** The rows of `resolved`, in the order of its settings. */
export function configRows(resolved: ResolvedSettings): ConfigRow[] {
  return [...resolved.settings.values()].map((setting) => ({
    setting: setting.spec.name,
    value: valueText(setting),
    source: sourceText(setting),
  }));
}

/** The rows as an aligned text table, with a header line. */
export function formatConfig(rows: readonly ConfigRow[]): string {
  const header: ConfigRow = { setting: 'SETTING', value: 'VALUE', source: 'SOURCE' };
  const all = [header, ...rows];
  const width = (key: keyof ConfigRow) => Math.max(...all.map((row) => row[key].length));
  const settingWidth = width('setting');
  const valueWidth = width('value');
  return all
    .map(
      (row) =>
        `${row.setting.padEnd(settingWidth)}  ${row.value.padEnd(valueWidth)}  ${row.source}`,
    )
    .join('\n')
    .concat('\n');
}
