/** The `fetch` the client calls; `globalThis.fetch`, undici's, or a test double. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
