/**
 * The fourth round of issue 44's profiling (the SDK's transport), part of
 * bench/README.md's mcp-http section (see \`mcp-http-section.ts\`), kept
 * in a module of its own so that the section's file stays small.
 */

/** The fourth round's findings, the first part of the "Profiling" subsection. */
export const FOURTH_PROFILING_ROUND = `Issue 44, fourth round (2026-11-29, night; decision 0021, fourth
amendment): the SDK's transport. Per call, in one process over the mock
(mock in its own process, 10 in flight, \`process.cpuUsage()\` over 2,000
calls, ten rounds alternating the SDK before and after in the same
process, medians, load average 8):

| in one process, per call | before | after |
|---|--:|--:|
| the two reads through the SDK (\`containers.get\` with \`include\`, \`customFields(id).list\`, \`createNodeFetch\`) | 299 µs | 266 µs |
| \`get_container\` called directly (\`createDirectTools\`), its result serialized | 363 µs | 307 µs |

\`bench/mcp-http-split.ts\` (bare \`node:http\` reads, the SDK's, the tool;
medians of five or seven rounds): before the round, at load 3, 179, 262
and 335 µs; after it, at load 5, 191, 276 and 323 µs and 214, 257 and
300 µs. Its rows run one after the other, so the machine's drift is in
them; the paired rounds above are the comparison. Profile of the two SDK reads
alone, before -> after (self and inclusive shares of busy time): undici's
\`Response\` and \`Headers\` 3.7% and the sender's \`responseOf\` 4.4% -> 0
(the lane reads the answer as \`NodeReply\`: text 0.8%, header lookup
0.8%); \`AbortController\`, its signal and listeners about 5% -> 0 (the
lane's one timer, \`AttemptStop\`, 0.6%); \`wireParameters\` 2.7% -> 1.2%;
\`withResponse\`'s object 0 (built only when asked). What is left of the
SDK's own: openapi-fetch's \`createFinalURL\` 2.5%, the JSON:API resolution
and mapping (\`mapPrimary\`) 5.8%, \`parseBody\` (JSON.parse, the floor's
too) 10.9%; the rest is node:http's and the socket's.

What was done:
- The transport sends through a lane (\`core/reply.ts\`): a \`fetch\` given
  as the option is wrapped as one, with its \`AbortController\` as before;
  \`createNodeFetch\` carries its own, which reads status, headers (from
  the raw pairs) and text without a \`Response\` and ends an attempt with
  one timer and at most one listener. The \`Response\` is built only for
  \`withResponse()\`, an error's headers or \`rawRequest\`. Retries, rate
  limits, time limits, errors and telemetry stay the transport's.
- mcp-http's handler no longer wraps its sender (a wrapper is a plain
  \`fetch\` and hid the lane): a key refused with a 401 is told by the
  client's telemetry hook.
- An operation's argument plan is made once: \`wireParameters\` for
  \`containers.get\` with \`include\` 1.2-2.4 -> 0.5-0.9 µs.
- \`RawHeaders\` (now shared by the SDK's lane and mcp-http's) scans for
  the name asked instead of indexing every header on the first read:
  one lookup among 6 headers 0.65-0.93 -> 0.07-0.12 µs.
- \`pnpm bench mcp-http\` after: host CPU per call 0.505 / 0.477 ms
  against the bare host's 0.232 ms (2.17x / 2.05x, load 9.7), then with
  the header scan 0.506 / 0.470 ms against 0.248 ms (2.04x / 1.90x, load
  7.6, the tables above); the runs of the third round at loads 8.7 to
  10.5 read 2.26x to 2.33x. Throughput 0.52x / 0.57x and then 0.61x /
  0.71x, with the bare host at 1,573 and 1,515 calls a second (3,473 in
  the quiet run): under this load the ratio is the scheduler's. One at a
  time, the 2026 era read 1.19x and then 1.33x (p90 7.8 ms against a p50
  of 1.8 ms: the machine's). A paired A/B of the whole host (this round's code against
  the commit before it, three alternating runs of 6 s per era, load 7 to
  9.5) read 0.501-0.614 ms after against 0.587-0.667 ms before in the
  2026 era, and 0.428-0.555 against 0.509-0.581 ms in the 2025 era:
  lower medians, within the spread.

Tried, and left:
- A \`response\` getter on each call's result object (an object literal
  with \`get response()\`): V8 builds such objects on its slow path, about
  1 µs each against 0.04 µs for a class; replaced by the \`Exchange\`
  class, and \`withResponse()\` builds its plain object when called.
- openapi-fetch's \`createFinalURL\` (2.5%): its path serializer runs a
  regex over the whole URL per call; a serializer of our own would be a
  second copy of its rules for about 2 µs a read. Left.
- The headers are copied by the transport (its defaults, the caller's)
  and again by the sender (lower case, \`fetch\`'s defaults): about 1%.
  Left.
- The size of \`createClient\`'s bundle grew from 19.86 to 20.17 kB
  (brotli), the \`shiptrack\` bin from 69.89 to 70.29 kB: the lane seam in
  the core. Moving the timer to the Node entry saved about 120 B of it;
  dropping the argument plan would save 55 B more, not enough to stay
  under 20 kB. The limits are 20.2 and 70.4 kB.

`;
