/** Shape of `process.env` where a `process` global exists (Node, Bun, Deno with Node compat). */
interface ProcessLike {
  env?: Record<string, string | undefined>;
}

/**
 * Reads an environment variable without importing `node:process`, so the SDK
 * also loads on edge runtimes and in browsers, where it returns undefined.
 */
export function readEnv(name: string): string | undefined {
  // Safe: `process` is either absent or the Node-style global whose `env` holds strings.
  const proc = (globalThis as { process?: ProcessLike }).process;
  const value = proc?.env?.[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
