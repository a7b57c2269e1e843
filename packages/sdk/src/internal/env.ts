/** Shape of `process.env` where a `process` global exists (Node, Bun, Deno with Node compat). */
interface ProcessLike {
  env?: Record<string, string | undefined>;
}

/**
 * Reads an environment variable without importing `node:process`, so the SDK
 * also loads on edge runtimes and in browsers, where it returns undefined.
 * Where reading the environment is not permitted (Deno without
 * `--allow-env`), it returns undefined too: options passed in code still work.
 */
export function readEnv(name: string): string | undefined {
  // Safe: `process` is either absent or the Node-style global whose `env` holds strings.
  const proc = (globalThis as { process?: ProcessLike }).process;
  let value: string | undefined;
  try {
    value = proc?.env?.[name];
  } catch {
    return undefined;
  }
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
