/**
 * What the CLI's generated options take from here rather than from the
 * spec: a flag name where the mechanical one reads badly, a placeholder
 * that says what to type, a shorter description. Keyed by the wire name,
 * for every operation; `operationId` keys one operation's parameter only.
 * Everything not named here comes from the spec.
 */

/** How one query parameter appears as a CLI option, where the spec's wording is not the CLI's. */
export interface CliOverride {
  /** The option's camelCase name (`createdFrom` is `--created-from`). */
  name?: string;
  /** Its placeholder in `--help`. */
  placeholder?: string;
  /** Its description in `--help`. */
  description?: string;
}

/** Overrides by wire name, for every operation that has the parameter. */
export const CLI_OVERRIDES: Readonly<Record<string, CliOverride>> = {
  include: { description: 'related records to embed' },
  'filter[carrier]': { placeholder: 'scac' },
  'filter[scac]': { placeholder: 'scac' },
  'filter[request_number]': { placeholder: 'number' },
  'filter[updated_after]': { placeholder: 'time' },
  'filter[created_at][start]': { name: 'createdFrom' },
  'filter[created_at][end]': { name: 'createdUntil' },
  'filter[updated_at][start]': { name: 'updatedFrom' },
  'filter[updated_at][end]': { name: 'updatedUntil' },
};

/** Placeholders by the component schema a parameter names. */
export const SCHEMA_PLACEHOLDERS: Readonly<Record<string, string>> = {
  Locode: 'locode',
  ResourceId: 'id',
};
