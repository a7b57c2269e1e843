/**
 * How long a 2026-07-28 client may keep each cacheable result (`ttlMs`) and
 * who may share it (`cacheScope`). What is fixed per release and holds no
 * account data (the tools, prompts and templates, the glossary, the
 * container view, the skills, `server/discover`) may be kept an hour by
 * anyone; what names the account's containers (`resources/list`, a
 * container's resource) a minute, by the caller only. 2025 revisions have
 * no cache fields, and none is sent to them.
 */
import type { CacheHint, McpServerOptions } from '@modelcontextprotocol/server';

/** What changes only with the package (or the operator's configuration): public, an hour. */
export const RELEASE_CACHE_HINT: Readonly<CacheHint> = Object.freeze({
  ttlMs: 3_600_000,
  cacheScope: 'public',
});

/** What holds the account's data: its caller's only, a minute. */
export const ACCOUNT_CACHE_HINT: Readonly<CacheHint> = Object.freeze({
  ttlMs: 60_000,
  cacheScope: 'private',
});

/**
 * The server's per-operation hints. `resources/read` has none here: each
 * resource carries its own (the glossary and the view the release's, a
 * container the account's), and the SDK's default (`0`, `private`) covers
 * any other.
 */
export const CACHE_HINTS: NonNullable<McpServerOptions['cacheHints']> = {
  'server/discover': RELEASE_CACHE_HINT,
  'tools/list': RELEASE_CACHE_HINT,
  'prompts/list': RELEASE_CACHE_HINT,
  'resources/templates/list': RELEASE_CACHE_HINT,
  'resources/list': ACCOUNT_CACHE_HINT,
};
