/**
 * A bin's settings, each with one flag and one environment variable named
 * by the rule of docs/decisions/0014-one-name-per-setting.md: `--some-flag`
 * of a bin is `<BIN PREFIX>SOME_FLAG` (`--no-x` is `<PREFIX>X=false`); a
 * setting every bin shares has one shared name (`SVC_API_BASE_URL`,
 * `LOG_LEVEL`). A flag wins over its variable; a name the setting had
 * before the rule is still read for one release, with a warning. Every
 * value remembers where it came from, for `--print-config`.
 */
import { UsageError } from './usage-error.js';

/** How a setting is given on the command line. */
export type SettingForm =
  /** `--name <value>` (repeatable for a list). */
  | 'value'
  /** `--name` alone turns it on. */
  | 'switch'
  /** `--no-name` turns it off (it is on by default). */
  | 'negation';

/** One setting of a bin. */
export interface SettingSpec {
  /** The setting's name in kebab case (`max-body-bytes`), its flag's without dashes. */
  name: string;
  form: SettingForm;
  /** A list: the flag repeats, the variable is comma-separated. */
  list?: boolean;
  /** The variable when the setting is shared by every bin (the rule's second part). */
  sharedEnv?: string;
  /** No flag, because argv is visible to other users (`ps`): the variable only. */
  envOnly?: boolean;
  /** Names read before the rule, for one release, with a warning. */
  legacyEnv?: readonly string[];
  /** Masked wherever the configuration is shown. */
  secret?: boolean;
  /** The default as shown by `--print-config` (a string, as it would be typed). */
  defaultText?: string;
  /** One line for `--help` and `--print-config`. */
  summary: string;
  /** The placeholder of a value in `--help` (`<n>`, `<url>`). */
  placeholder?: string;
  /** The values it may take, shown in `--help`; another, by flag or variable, is refused. */
  choices?: readonly string[];
  /** A whole number in this range (`max` included), by flag or variable. */
  integer?: { readonly min: number; readonly max?: number };
  /**
   * A decimal number (`30`, `0.5`) of `unit` (`seconds`), above `above` or
   * from `min`, up to `max` (included), by flag or variable.
   */
  decimal?: {
    readonly unit?: string;
    readonly above?: number;
    readonly min?: number;
    readonly max?: number;
  };
  /** A URL path (`/metrics`): it starts with `/`, by flag or variable. */
  urlPath?: boolean;
  /** The subcommands whose flag it is (`['serve']`); every command's when absent. */
  commands?: readonly string[];
}

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'env' | 'legacy-env' | 'default';

/** One resolved setting. */
export interface ResolvedSetting {
  readonly spec: SettingSpec;
  /** A string for `value`, a boolean for the others, strings for a list; `undefined` when unset. */
  readonly value: string | boolean | readonly string[] | undefined;
  readonly source: SettingSource;
  /** The flag or variable it came from (`--port`, `SVC_MCP_PORT`); `undefined` for a default. */
  readonly from: string | undefined;
}

/** A name that still works but is going away: say so once at start. */
export interface LegacyNameUse {
  readonly legacy: string;
  readonly current: string;
}

/** Every setting of a command line, resolved. */
export interface ResolvedSettings {
  readonly settings: ReadonlyMap<string, ResolvedSetting>;
  readonly legacyNames: readonly LegacyNameUse[];
}

/** A variable or flag with a value that is not of its kind; the message names it. */
export class SettingValueError extends UsageError {
  override name = 'SettingValueError';
}

/** The flag of `spec` as typed (`--no-key-check`, `--port`); `undefined` for a variable only. */
export function flagOf(spec: SettingSpec): string | undefined {
  if (spec.envOnly) return undefined;
  return spec.form === 'negation' ? `--no-${spec.name}` : `--${spec.name}`;
}

/** The variable of `spec` for a bin of `prefix` (`SVC_MCP_`), by the rule. */
export function envNameOf(spec: SettingSpec, prefix: string): string {
  return spec.sharedEnv ?? `${prefix}${spec.name.toUpperCase().replaceAll('-', '_')}`;
}

const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

function booleanOf(variable: string, text: string): boolean {
  const lowered = text.trim().toLowerCase();
  if (TRUE.has(lowered)) return true;
  if (FALSE.has(lowered)) return false;
  throw new SettingValueError(`${variable} must be true or false; got "${text}".`);
}

function fromEnv(spec: SettingSpec, variable: string, text: string): ResolvedSetting['value'] {
  if (spec.form !== 'value') return booleanOf(variable, text);
  if (!spec.list) return text;
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

type DecimalKind = NonNullable<SettingSpec['decimal']>;

/** Whether `value` is a plain decimal number (no sign, no exponent) within `kind`'s bounds. */
function isDecimalIn(value: string, kind: DecimalKind): boolean {
  const number = Number(value);
  return (
    /^\d+(\.\d+)?$/.test(value.trim()) &&
    (kind.above === undefined || number > kind.above) &&
    (kind.min === undefined || number >= kind.min) &&
    (kind.max === undefined || number <= kind.max)
  );
}

/** `kind` in words: `a number of seconds (above 0)`. */
function decimalWords(kind: DecimalKind): string {
  const bounds = [
    kind.above === undefined ? undefined : `above ${kind.above}`,
    kind.min === undefined ? undefined : `${kind.min} or more`,
    kind.max === undefined ? undefined : `at most ${kind.max}`,
  ].filter((bound) => bound !== undefined);
  const unit = kind.unit === undefined ? '' : ` of ${kind.unit}`;
  return `a number${unit}${bounds.length === 0 ? '' : ` (${bounds.join(' and ')})`}`;
}

/**
 * `value` when it is of `spec`'s kind (one of its choices, a whole number
 * in its range, a URL path, a decimal number in its bounds); else a {@link SettingValueError} naming
 * `from`, the flag or the variable it came from.
 */
function checked(
  spec: SettingSpec,
  from: string,
  value: ResolvedSetting['value'],
): ResolvedSetting['value'] {
  if (typeof value !== 'string') return value;
  if (spec.choices && !spec.choices.includes(value)) {
    throw new SettingValueError(
      `${from} must be one of ${spec.choices.join(', ')}; got "${value}".`,
    );
  }
  if (spec.urlPath && !value.startsWith('/')) {
    throw new SettingValueError(`${from} must start with "/"; got "${value}".`);
  }
  if (spec.decimal && !isDecimalIn(value, spec.decimal)) {
    throw new SettingValueError(`${from} must be ${decimalWords(spec.decimal)}; got "${value}".`);
  }
  const range = spec.integer;
  if (range === undefined) return value;
  const number = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || number < range.min || number > (range.max ?? Infinity)) {
    const bounds =
      range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`;
    throw new SettingValueError(`${from} must be a whole number ${bounds}; got "${value}".`);
  }
  return value;
}

/** The flag's value as the command line gives it (see command-line.ts), in the setting's terms. */
function fromFlag(spec: SettingSpec, given: unknown): ResolvedSetting['value'] {
  if (spec.form === 'switch') return given === true ? true : undefined;
  if (spec.form === 'negation') return given === true ? false : undefined;
  if (Array.isArray(given)) {
    return given.length > 0 ? given.filter((item) => typeof item === 'string') : undefined;
  }
  return typeof given === 'string' ? given : undefined;
}

/** The key of a setting's flag in the flags `resolveSettings` reads (`port`, `no-auth`). */
export function flagKeyOf(spec: SettingSpec): string {
  return spec.form === 'negation' ? `no-${spec.name}` : spec.name;
}

/**
 * Resolves every setting: the flag (from `parseCommandLine`'s `flags`), else the
 * variable, else a legacy name (noted in `legacyNames`), else unset (the
 * default applies). Throws {@link SettingValueError} for a flag or
 * variable that is not of its setting's kind (a switch, a choice, a whole
 * number in range).
 */
export function resolveSettings(
  specs: readonly SettingSpec[],
  prefix: string,
  flags: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedSettings {
  const settings = new Map<string, ResolvedSetting>();
  const legacyNames: LegacyNameUse[] = [];
  for (const spec of specs) {
    const variable = envNameOf(spec, prefix);
    const flag = spec.envOnly ? undefined : fromFlag(spec, flags[flagKeyOf(spec)]);
    if (flag !== undefined) {
      const from = flagOf(spec) ?? variable;
      settings.set(spec.name, { spec, value: checked(spec, from, flag), source: 'flag', from });
      continue;
    }
    const current = env[variable];
    if (current !== undefined && current.trim() !== '') {
      settings.set(spec.name, {
        spec,
        value: checked(spec, variable, fromEnv(spec, variable, current)),
        source: 'env',
        from: variable,
      });
      continue;
    }
    const legacy = spec.legacyEnv?.find((name) => (env[name] ?? '').trim() !== '');
    if (legacy !== undefined) {
      legacyNames.push({ legacy, current: variable });
      settings.set(spec.name, {
        spec,
        value: checked(spec, legacy, fromEnv(spec, legacy, env[legacy] ?? '')),
        source: 'legacy-env',
        from: legacy,
      });
      continue;
    }
    settings.set(spec.name, { spec, value: undefined, source: 'default', from: undefined });
  }
  return { settings, legacyNames };
}

/** The string value of a `value` setting, if set. */
export function stringSetting(resolved: ResolvedSettings, name: string): string | undefined {
  const value = resolved.settings.get(name)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** A whole-number setting (`integer`), if set; its range was checked when it was resolved. */
export function integerSetting(resolved: ResolvedSettings, name: string): number | undefined {
  const text = stringSetting(resolved, name);
  return text === undefined ? undefined : Number(text);
}

/** A decimal setting (`decimal`), if set; its bounds were checked when it was resolved. */
export function decimalSetting(resolved: ResolvedSettings, name: string): number | undefined {
  const text = stringSetting(resolved, name);
  return text === undefined ? undefined : Number(text);
}

/** A setting with `choices` (`allowed`, typed), or `fallback` when unset. */
export function choiceSetting<T extends string>(
  resolved: ResolvedSettings,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const text = stringSetting(resolved, name);
  if (text === undefined) return fallback;
  const found = allowed.find((choice) => choice === text);
  if (found === undefined) {
    throw new SettingValueError(`${name} must be one of ${allowed.join(', ')}; got "${text}".`);
  }
  return found;
}

/** The items of a list setting, if set. */
export function listSetting(resolved: ResolvedSettings, name: string): string[] | undefined {
  const value = resolved.settings.get(name)?.value;
  return Array.isArray(value) ? [...value] : undefined;
}

/** A boolean setting, or `fallback` when unset. */
export function booleanSetting(
  resolved: ResolvedSettings,
  name: string,
  fallback: boolean,
): boolean {
  const value = resolved.settings.get(name)?.value;
  return typeof value === 'boolean' ? value : fallback;
}
