/**
 * The sixth round of issue 44's profiling (the host's CPU per call, what
 * was left after the fifth), part of bench/README.md's mcp-http section
 * (see \`mcp-http-section.ts\`), kept in a module of its own so that the
 * section's file stays small.
 */

/** The sixth round's findings, the first part of the "Profiling" subsection. */
export const SIXTH_PROFILING_ROUND = `Issue 44, sixth round (2026-11-29, night; decision 0021, sixth
amendment): the candidates left after the fifth round, measured before
anything was cut. Before, at load 4 to 5: \`bench/mcp-http-split.ts\`
(medians of five rounds) 190 µs for the two reads on bare \`node:http\`,
244 µs through the SDK, 278 µs for the tool called directly;
\`bench/mcp-http-profile.ts\` (6 s per era) 0.600 / 0.618 ms of host CPU
per call. The profile is flat: outside the floor's own work (the socket
writes, \`JSON.parse\` of the two bodies, node:http), no function of ours
has more than 1.7% of busy time; GC 4.4%, \`@shiptrack/sdk\` 11.5%
without \`JSON.parse\`, \`@shiptrack/mcp-http\` 8.2%, \`@shiptrack/mcp\`
4.3%, each spread over dozens of functions.

What was done:
- \`createNodeFetch\` hands \`http.request\` its headers as one flat list
  (\`node/wire-headers.ts\` of the SDK), with the \`Host\` and body
  \`Content-Length\` node:http adds to a record: node:http then writes the
  head at once instead of storing each header with \`setHeader\` (its
  \`setHeader\`, \`_storeHeader\` and \`checkInvalidHeaderChar\` were 2% of
  the host's busy time). A client alone, 10 requests in flight to a local
  server, ten alternating rounds of 5,000 (load 10): 72.9 to 90.9 µs
  (median 75.5) per request with the record, 63.1 to 76.6 µs (median 70.7)
  with the list, so about 10 µs per tool call (two reads).
  \`node-fetch-head.test.ts\` checks the head on the wire.

Measured and dropped (each below 0.1% of a call's 0.42 ms, under what
any run here resolves):
- The request log's entry when the log is off: its ISO time 0.51 µs,
  the JSON-RPC summary 0.05 µs; the request URL parsed for its path and
  span 0.33 µs; the \`X-Request-Id\` 0.16 µs.
- The caller's \`authInfo\` built on the fast path, which reads only the
  account of it: 0.05 µs.
- The POST body copied once from its one chunk: 0.23 µs.
- The SDK's request headers lowered and joined again by the Node lane
  (they are lower-case already): 0.15 µs, against 0.02 µs for a copy.
- A larger young generation for the host (\`--max-semi-space-size=64\`,
  GC is 4 to 9% of busy time): 0.558 / 0.521 and 0.648 / 0.621 ms
  against 0.555 / 0.571 and 0.601 / 0.708 ms without, alternating runs
  at load 5 to 8: no difference the runs resolve, and a flag of the
  process, not of the host's code.

Not done, the one lever of size left: undici's \`Pool.request\` (not its
\`fetch\`) costs 34 to 47 µs of client CPU per request against 59 to 89 µs
for \`http.request\` (the same client, server and body, six alternating
rounds of 5,000 at 10 in flight, load 12, headers given as a record;
about 5 µs of that gap is gone with the list), so about 40 µs per tool
call, more than the 2x target asks for. It needs undici as a dependency of
\`@shiptrack/sdk/node\` (undici 7 needs Node 20.18.1; the SDK says 20) and a
second exchange under \`createNodeFetch\`'s lane with the same redirects,
decoding, stops and errors; and the bare host, the reference, is on
\`node:http\`.

After it, \`pnpm bench mcp-http\` at load 9 to 12: host CPU per call
0.582 / 0.620 ms against the bare host's 0.296 ms, 1.97x / 2.10x
(2026-07-28 / 2025-11-25), against 2.13x / 2.13x in the quiet run before
the round (0.422 ms against 0.198 ms). Runs at such different loads do
not compare by a few percent (the bare host's own CPU per call is 0.198
ms quiet and 0.296 ms there); the in-process figures above are the
measure of the change. On a quiet machine after every branch of the
night was merged: 2.23x / 2.30x, 2.14x / 2.03x and 2.01x / 1.97x; the
last run (the tables above, load 2.3 to 3.1) 2.21x / 2.08x. The 2x
target is not met in both eras of one run yet.
`;
