import { InvalidArgumentError } from '@commander-js/extra-typings';

/**
 * How one option of a table-made command reads its value: the flag's
 * shape (`value`, `flag` or repeatable `list`), the allowed values, and the
 * parser whose result type the command's `run` receives.
 */
export interface OptionSpec<T> {
  description: string;
  takes: 'value' | 'flag' | 'list';
  /** Values commander accepts (listed in `--help` and completions). */
  choices?: readonly string[];
  /** The value's placeholder in `--help`. */
  placeholder?: string;
  /** Whether commander refuses the command without it (a usage error, exit 2). */
  mandatory?: boolean;
  /** Turns commander's value (a string, `true`, or the strings of a list) into `T`. */
  parse(value: string | boolean | string[]): T;
}

/** An option the command cannot run without. */
export interface MandatorySpec<T> extends OptionSpec<T> {
  mandatory: true;
}

/** Makes an option mandatory: its value is then always there. */
export function required<T>(spec: OptionSpec<T>): MandatorySpec<T> {
  return { ...spec, mandatory: true };
}

/** The parsed type of an option spec. */
export type ValueOf<S> = S extends OptionSpec<infer T> ? T : never;

function split(value: string | boolean | string[]): string[] {
  const parts = Array.isArray(value) ? value : [String(value)];
  return parts
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A free-text option. */
export function text(description: string, placeholder = 'text'): OptionSpec<string> {
  return { description, takes: 'value', placeholder, parse: (value) => String(value) };
}

/** A comma-separated (or repeated) list of free text. */
export function texts(description: string, placeholder = 'a,b'): OptionSpec<string[]> {
  return { description, takes: 'list', placeholder, parse: split };
}

/** A whole number. */
export function integer(description: string, placeholder = 'n'): OptionSpec<number> {
  return {
    description,
    takes: 'value',
    placeholder,
    parse(value) {
      const number = Number(value);
      if (!Number.isInteger(number)) {
        throw new InvalidArgumentError(`expected a whole number, got "${String(value)}".`);
      }
      return number;
    },
  };
}

/** A number, decimals allowed (a latitude). */
export function decimal(description: string, placeholder = 'n'): OptionSpec<number> {
  return {
    description,
    takes: 'value',
    placeholder,
    parse(value) {
      const number = Number(value);
      if (String(value).trim() === '' || !Number.isFinite(number)) {
        throw new InvalidArgumentError(`expected a number, got "${String(value)}".`);
      }
      return number;
    },
  };
}

/** A JSON object, or `null` (which clears what it sets). */
export function jsonObject(description: string): OptionSpec<Record<string, unknown> | null> {
  return {
    description,
    takes: 'value',
    placeholder: 'json',
    parse(value) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(value));
      } catch {
        throw new InvalidArgumentError(`expected a JSON object or null, got "${String(value)}".`);
      }
      if (parsed === null) return null;
      if (typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new InvalidArgumentError(`expected a JSON object or null, got ${String(value)}.`);
      }
      // Safe: a parsed JSON value that is an object and not an array.
      return parsed as Record<string, unknown>;
    },
  };
}

/** An on/off switch. */
export function flag(description: string): OptionSpec<boolean> {
  return { description, takes: 'flag', parse: (value) => value === true };
}

/** `true` or `false`, spelled out (a filter that can be either). */
export function yesNo(description: string): OptionSpec<boolean> {
  return {
    description,
    takes: 'value',
    placeholder: 'true|false',
    choices: ['true', 'false'],
    parse: (value) => value === 'true',
  };
}

/** One of a list of values (the spec's), typed as that list's union. */
export function oneOf<const V extends string>(
  values: readonly V[],
  description: string,
): OptionSpec<V> {
  return {
    description,
    takes: 'value',
    choices: values,
    placeholder: 'value',
    parse(value) {
      const found = values.find((known) => known === value);
      // commander has checked the choice already; this keeps the type honest.
      if (found === undefined) {
        throw new InvalidArgumentError(`expected one of ${values.join(', ')}.`);
      }
      return found;
    },
  };
}

/**
 * One of several spellings, each standing for a value: `--help` lists every
 * spelling, and the command receives the value it stands for (the record
 * kinds, which the service spells `Container` in filters and `container` in
 * bodies, are taken either way).
 */
export function oneOfSpelled<const V extends string>(
  spellings: Readonly<Record<string, V>>,
  description: string,
): OptionSpec<V> {
  const choices = Object.keys(spellings);
  return {
    description,
    takes: 'value',
    choices,
    placeholder: 'value',
    parse(value) {
      const found = Object.hasOwn(spellings, String(value)) ? spellings[String(value)] : undefined;
      // commander has checked the choice already; this keeps the type honest.
      if (found === undefined)
        throw new InvalidArgumentError(`expected one of ${choices.join(', ')}.`);
      return found;
    },
  };
}

/** Some of a list of values, comma-separated or repeated. */
export function someOf<const V extends string>(
  values: readonly V[],
  description: string,
): OptionSpec<V[]> {
  return {
    description: `${description} (${values.join(', ')})`,
    takes: 'list',
    // Offered by completion and `shiptrack commands`; `parse` checks each value.
    choices: values,
    placeholder: 'a,b',
    parse(value) {
      return split(value).map((part) => {
        const found = values.find((known) => known === part);
        if (found === undefined) {
          throw new InvalidArgumentError(`"${part}" is not one of ${values.join(', ')}.`);
        }
        return found;
      });
    },
  };
}
