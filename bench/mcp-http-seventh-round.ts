/**
 * The seventh round of issue 44's profiling (the SDK's Node sender on
 * undici's pool), part of bench/README.md's mcp-http section (see
 * \`mcp-http-section.ts\`), kept in a module of its own so that the
 * section's file stays small.
 */

/** The seventh round's findings, the first part of the "Profiling" subsection. */
export const SEVENTH_PROFILING_ROUND = `Issue 44, seventh round (2026-11-29, night; decision 0021, seventh
amendment): the lever the sixth round left, \`createNodeFetch\` on
undici's pool. Measured first, in process: one \`containers.get\` request
(\`?include=shipment,pod_terminal\`) to the mock in its own process, 10
in flight, the client's CPU per request (\`process.cpuUsage()\`), eight
alternating rounds of 5,000 after 2,000 warm-up requests each, load 2:
main's \`exchange()\` on \`http.request\` 95.5 to 112.5 µs (median 102.4),
the same exchange on undici 6's \`Agent.dispatch\` (the legacy handler
API: \`onConnect\`, \`onHeaders\`, \`onData\`, \`onComplete\`, \`onError\`)
57.9 to 77.8 µs (median 70.6): 21 to 42 µs less in every pair, about
60 µs per tool call. A first probe (load 1.6, six rounds) read 99.2 µs
for \`http.request\` against 69.8 for undici's \`Pool\` and 65.2 for its
\`Agent\`.

What was done: \`node/exchange.ts\` of the SDK is one undici dispatch
(the one exchange; \`node/wire-headers.ts\` is gone, undici writes
\`Host\`, \`Connection\` and the body's \`Content-Length\` itself), under
the same redirects, decoding, stops, \`TypeError('fetch failed')\` and
cut-off bodies. undici 6.29.1 is an optional peer of the SDK and a
dependency of \`@shiptrack/mcp-http\`: as a dependency of the SDK it took
the install of \`@shiptrack/mcp\` alone to 20.3 MB, over decision 0018's
20 MB. The bare host, the reference, stays on \`node:http\`, as issue 44
defines the floor.

\`pnpm bench mcp-http\`, three runs of main and three of the branch in
turn (load 3.2 to 5.3 when each ended), host CPU per call against the
bare host's, 2026-07-28 / 2025-11-25:

| run | main | branch |
|---|--:|--:|
| 1 | 0.447 / 0.446 ms against 0.221: 2.02x / 2.02x | 0.390 / 0.354 ms against 0.225: 1.73x / 1.57x |
| 2 | 0.462 / 0.406 ms against 0.204: 2.26x / 1.99x | 0.354 / 0.323 ms against 0.208: 1.70x / 1.55x |
| 3 | 0.398 / 0.402 ms against 0.199: 2.00x / 2.02x | 0.372 / 0.349 ms against 0.264: 1.41x / 1.32x |

The host's own CPU per call was 26 to 108 µs lower than in the main run
before (median of the six differences 70 µs), about what the in-process
figures say; the 2x target is met in both eras of every branch run, and
in both eras of no main run. The third
branch run's bare host read 0.264 ms, more than in any other run: its
1.41x / 1.32x is the low end, not the measure. Throughput and the
one-at-a-time p50 move with the machine as before (branch: 0.64x /
0.76x, 1.09x / 0.88x, 0.58x / 0.65x; p50 1.12x to 1.17x; main: 0.39x
to 0.78x, p50 1.18x to 1.31x); the throughput target read 0.58x in
the third branch run's 2026 era.
`;
