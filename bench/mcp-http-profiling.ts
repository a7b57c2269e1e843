/**
 * The third round of issue 44's profiling (the tool's own work), part of
 * bench/README.md's mcp-http section (see \`mcp-http-section.ts\`), kept
 * in a module of its own so that the section's file stays small.
 */

/** The third round's findings, a part of the "Profiling" subsection. */
export const THIRD_PROFILING_ROUND = `Issue 44, third round (2026-11-29, evening; decision 0021, amended): the
tool's own work. Where the host's CPU per call goes beyond the bare
host's, split in one process (\`bench/mcp-http-split.ts\`, by hand: the
mock in its own process; \`process.cpuUsage()\` over 2,000 calls at 10 in
flight, medians of three rounds, load average 7, before this round's
changes; after them, at load 6: 190, 325 and 413 µs, the same within
the noise):

| in one process, per call | CPU |
|---|--:|
| the two GETs on keep-alive \`node:http\`, \`JSON.parse\` of both (what the bare host does) | 179 µs |
| the same two reads through the SDK (\`containers.get\` with \`include\`, \`customFields(id).list\`, mapped, \`createNodeFetch\`) | 317 µs |
| \`get_container\` called directly (\`createDirectTools\`), its result serialized | 386 µs |

So of the 0.3 ms the MCP host spends per call beyond the bare host, about
0.14 ms is the SDK's two calls beyond raw \`node:http\`, about 0.07 ms the
tool (facts, rendering, checks, the copy and the JSON of the answer), and
the rest the MCP HTTP layer (the JSON-RPC body, the fast rule, the key's
cached verdict, the answer's head) and garbage collection.
- The SDK's part, profile of the two SDK reads alone (self and inclusive
  shares of that process's busy time): its transport (\`#send\`,
  \`#attempt\`: 26% inclusive), the Node sender's \`Response\`
  (\`responseOf\` and \`BufferedResponse\` 3.9%, undici's \`Response\` and
  \`Headers\` 4.1%), the per-attempt \`AbortController\` and timer (3.2%, and
  event targets 2.0%), openapi-fetch 1.1%, the argument checks and URL
  (\`call-arguments.ts\`) about 3%, GC 8.8%. The JSON:API resolution and
  mapping of the container with its shipment and terminal
  (\`mapPrimary\`) is 4.5% and \`JSON.parse\` (\`parseBody\`) 6.5%, which the
  floor pays too. The mapping is not where the time is; the transport is.
- Syscalls (\`strace -c -f\` of each host over 4,000 calls): the MCP host
  and the bare host make the same ones per call (2 \`write\`, 3 \`read\`,
  1 \`writev\`); the host adds \`futex\` (GC threads) and \`mmap\`/\`munmap\`.
  The \`writev\` and \`writeLatin1String\` shares of the wall-time profiles
  below are the floor's work too.

What was done:
- The output check reads the answer instead of copying it
  (\`core/output-check.ts\`): each tool's output schema is converted once
  to the JSON Schema of what zod's parse accepts and compiled by the ajv
  the MCP SDK bundles and exports (no new dependency). For the
  \`get_container\` answer: zod's \`safeParse\` 0.47 µs and a copy, the
  compiled check 0.16 µs and no allocation. Each tool pays 28 to 43 ms
  once, on its first call in a process (93 ms for the first, which also
  builds the engine; load average 10).
- \`toCallToolResult\` walks the answer once: the copy without nulls notes
  the strings to keep inline in the text (before, a second walk with
  \`Object.values\` per object), and \`get_container\` completes its view
  in place (the mirror's \`asOf\`, the custom fields, the recent events)
  instead of spreading it into new objects twice.
- Effect on \`pnpm bench mcp-http\`: within the noise. Host CPU per call
  2026-07-28 / 2025-11-25, before 0.552 / 0.540 ms against the bare
  host's 0.224 ms (2.47x / 2.42x, load 9.7); after the first two changes
  0.584 / 0.571 ms against 0.258 ms (2.26x / 2.21x, load 10.5) and
  0.481 / 0.475 ms against 0.210 ms (2.29x / 2.26x, load 8.7); after
  the third 0.467 / 0.463 ms against 0.200 ms (2.33x / 2.31x, load 9.0,
  the tables above). The
  bare host's own figure moved by 15% between these runs, so read the
  ratio's change as the machine's, not the code's: changes of a few
  microseconds a call do not move 0.55 ms. The throughput ratios read
  0.72x / 0.65x, 0.61x / 0.68x and 0.59x / 0.64x (target at least
  0.6x), with the bare host at 1,004, 1,798 and 1,756 calls a second in
  those runs: at the line, to be confirmed on a quiet machine.

Tried or left, and why:
- The JSON:API mapping (\`jsonapi/\`, \`mapped/\`): 4.5% of the SDK reads
  alone, already one pass per document (issue 35); nothing found there
  worth the risk to answers that must stay byte-identical.
- The tool's async chain (\`containerAnswer\`, \`loadContainer\`, the
  \`TerminalLookup\` with its maps made per call) and the fast rule's
  \`JSON.stringify\` of the client's capabilities for a call's \`listKey\`
  (read by \`tools/list\` only): a microsecond or two each.
- What would reach the 2x target is the SDK transport's work per REST
  call beyond \`node:http\` (about 70 µs a call, two a tool call): the
  \`Response\` and its \`Headers\` built for the \`FetchLike\` contract, the
  per-attempt \`AbortController\` and timer, openapi-fetch's request
  building. That is \`@shiptrack/sdk\`'s core and Node sender, outside this
  round; decision 0021 says why sharing signals or a sender-side timer
  was not done (the fourth round, above, did it as a lane of the sender).

`;
