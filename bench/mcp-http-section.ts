/**
 * The prose of bench/README.md's mcp-http section around the tables that
 * `mcp-http.bench.ts` measures: how it measures, and where the CPU goes
 * (profiles taken by hand, see "Profiling" below, and kept here so that a
 * rerun of the benchmark does not drop them).
 */

/** The mcp-http section of bench/README.md around `report` (the tables of one run). */
export function mcpHttpSection(options: { report: string; connections: number }): string {
  return `## mcp-http

\`pnpm bench mcp-http\` (\`node --expose-gc --import tsx --conditions=shiptrack-source bench/mcp-http.bench.ts\`) (about 3 minutes):
\`tools/call get_container\` over HTTP against the mock, with an API key
(\`Authorization: Token\`). The mock and the MCP HTTP server
(\`startMcpHttpServer\`, request log off) run in their own processes; the
load generator in a third. The requests replayed are the ones a real MCP
client of each revision sent (recorded at start). Throughput at ${options.connections} connections
(autocannon), then latency one request at a time: the tool call as a plain
\`fetch\` POST (so no MCP client work is counted) against the REST call the
tool makes, made directly with the SDK, in the same run; then \`tools/list\`
on a warm handler in the benchmark's process (\`handler.fetch\`, no
network); then the memory scenario, in a fresh host process warmed by
1,000 calls of one key: \`tools/call\` with 1,000 distinct API keys of one
account (so 1,000 SDK clients and key verdicts), RSS and the heap in use
read with \`process.memoryUsage()\` after two forced collections (the
median of five readings a second apart), once each key has called once
and after 100,000 calls (\`BENCH_MEMORY_CALLS\`
makes it fewer; the table names the count). The first table puts each target of issue 35 next to its
figure. The machine is shared: compare within one table.

${options.report}
Reading:
- Every request is still served statelessly (no request depends on an
  earlier one), but the default factory's servers are reused: a request
  whose answer depends on the request alone (\`tools/call\` without a
  progress token or task, the lists, reads and completions; a 2026-07-28
  request only when its \`_meta\` names its client and capabilities) takes
  an idle server of its account and era from a pool (at most 64 idle per
  process), and gives it back once its exchange ended with its answer. The
  2025 handshake, \`logging/setLevel\`, task-augmented calls and progress
  streams still get a fresh server. \`test/server-reuse.test.ts\` interleaves
  two accounts' callers of both eras under load and checks every answer.
- The p50 added (latency table) is what the host and the MCP server add to
  the REST call one request at a time: parsing, authentication (a cached key
  verdict), the MCP SDK's per-request transport and dispatch, the tool's
  mapping and rendering, and the HTTP round trip to a second process.
- Throughput rows run with the mock, the host and autocannon on the same two
  cores as everything else on the machine: read them against each other,
  and against the load average in the last line.

### Memory

Per key the host keeps an SDK client (at most \`maxClients\`) and a key
verdict (at most four times that), together about 3.5 kB, and at most 64
idle servers in all (about 80 kB each). The one structure without a bound
was the SDK's \`MemoryRateLimitStore\`: a send log per key and bucket ever
seen, never dropped; it now forgets a bucket whose last send time has left
its window. \`client-cache.test.ts\` (over HTTP against the mock),
\`key-verdicts.test.ts\`, \`server-pool.test.ts\` and the SDK's
\`rate-limit-store.test.ts\` fail when one of these bounds is removed.
That does not move the figure above (its 1,000 keys all call within every
minute), and the 1.34x of the 2026-11-27 run was not growth but the
reading: RSS with \`ps\` right after the load, garbage uncollected. Even
right after a forced collection RSS swings: one host read 187 to 272 MB
within eight seconds (heap in use 41.7 to 44.6 MB; V8 gives freed pages
back in the background), and single readings after 1,000, 21,000,
41,000 and 61,000 calls were 239.8, 273.8, 277.6 and 232.8 MB with the
heap at 42.4 to 44.0 MB. A run with single readings gave 234 to 312 MB
(1.33x, heap 44.0 to 47.6 MB); with the median of five (the table above)
it is 187 to 178 MB (0.95x), heap 43.4 to 43.7 MB. With 1,000 keys in turn no idle server is
taken again, so every call builds one: churn, not retention (building
10,000 servers in one process leaves RSS at 150 MB and the heap at
21.9 MB). Not done: more idle servers (1,000 would hold about 80 MB).

### Profiling

Two profiles, both of 2026-07-28 \`tools/call get_container\` (\`node:inspector\`
\`Profiler\`, started after warm-up; shares of busy time; the machine was
loaded, load average 8 to 17, so read shares, not times):

- The host process under load (10 connections, autocannon, mock in another
  process), before server reuse: self time by group: Node internals 19%,
  undici (the REST call) 15%, zod 10%, MCP SDK 8%, socket writes
  (\`writev\`, \`writeLatin1String\`) 12%, garbage collection 7%, the
  SDK's dispatch 6%, \`@shiptrack/sdk\` 5%, \`@shiptrack/mcp\` 4%,
  \`@shiptrack/mcp-http\` 2%. Top frames: \`writev\` 7%, GC 7%,
  \`dispatch\` 6%, zod's schema constructor \`init\` 2.3% (schemas built
  per request), \`inst._zod.parse\` 1.7%.
- \`handler.fetch\` in process over the mock's in-process \`fetch\`, one
  call at a time (so the mock's own work is in it too), before and after:
  before, \`createServer\` of \`@shiptrack/mcp\` took 14.7% inclusive
  (\`registerPrompts\` 6.5%, \`registerTool\` 3.7%, the SDK's
  \`_createRegisteredTool\` 1.0% self, zod's \`init\` 1.4% and
  \`mergeDefs\` 1.0% self, \`advertisedOnly\` 0.7%), GC 8.5%; after, no
  frame of server building appears, GC is 4.0%, and the rest is the REST
  call and the mock (SDK \`send\` 17.5% inclusive, the mock's Hono app
  10%), the MCP SDK's per-request serving (its transport, \`invoke\` 5%,
  \`handleMessage\` 4%, classification 3.6% plus 2.7% for the host's own
  \`isLegacyRequest\`, \`close\` 3% with a \`SdkError\` built on every
  close, result validation 2.3%), and the tool (\`containerAnswer\` 5%).
  CPU per call in the same probe, same load (load average 15, three rounds
  of 1,000): tools/call 2026-07-28 3.3-3.7 ms before, 2.1-2.2 ms after;
  2025-11-25 3.4-3.5 ms before, 1.6-1.9 ms after; tools/list 2.3 ms
  before, 0.85-1.0 ms after; the SDK call alone 0.35-0.45 ms.

What did not help, or was left out:
- A server per account shared by concurrent requests: the SDK's serving
  entry refuses an instance still connected to another exchange, and one
  \`McpServer\` holds one transport; hence a pool of idle servers.
- Hashing the API key for the SSE event owner on every 2025 request
  (\`crypto.subtle.digest\`, a thread-pool round trip) is now done once per
  cached client; too small to show above the noise.
- What remains is the MCP SDK's per-request serving (classifying the
  message twice, a transport per exchange, validating and copying the
  result, an error object with a stack per close). Going under it means a
  dispatch of our own for \`tools/call\` and \`tools/list\` that
  reproduces the SDK's wire behaviour of both eras (validation ladder,
  result encoding, SSE framing and event storage for 2025 answers); not
  attempted in this change.

`;
}
