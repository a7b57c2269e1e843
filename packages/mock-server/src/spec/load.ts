/**
 * Loads the spec check (`spec-check.ts`, the package's `./spec-check`
 * export) on first use, by the package's own name: ajv and the spec are
 * then read only by a mock that checks a stub or runs the proxy, never at
 * start, and a bin that bundles the mock (`shiptrack --mock`) does not
 * carry them. The name is not a literal of `import()`, so no bundler
 * follows it.
 */
import { createRequire } from 'node:module';
import type { SpecCheck } from './types.js';

/** The export that holds the spec check. */
const SPEC_CHECK_MODULE = '@shiptrack/mock-server/spec-check';

/** What the spec check's module gives. */
interface SpecCheckModule {
  createSpecCheck(): SpecCheck;
}

let loading: Promise<SpecCheck> | undefined;

async function importSpecCheck(): Promise<SpecCheckModule> {
  const specifier: string = SPEC_CHECK_MODULE;
  // The CommonJS build (and a bundle that embeds the mock) requires; ESM and the sources import.
  // Both are the `./spec-check` export of this package, whose shape `SpecCheckModule` names.
  if (import.meta.url.endsWith('.cjs')) {
    return createRequire(import.meta.url)(specifier) as SpecCheckModule;
  }
  return (await import(specifier)) as SpecCheckModule;
}

/**
 * The spec check, loaded and built once per process. Rejects with an
 * error saying what to install when the module cannot be found (a bundle
 * that embeds the mock without `@shiptrack/mock-server` beside it).
 */
export function loadSpecCheck(): Promise<SpecCheck> {
  loading ??= importSpecCheck().then(
    (module) => module.createSpecCheck(),
    (error: unknown) => {
      loading = undefined;
      throw new Error(
        `Could not load ${SPEC_CHECK_MODULE}, which checks answers against the spec: install @shiptrack/mock-server where this code runs (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    },
  );
  return loading;
}
