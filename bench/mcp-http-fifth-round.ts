/**
 * The fifth round of issue 44's profiling (the 2026-07-28 era against
 * 2025-11-25 stateless, per call), part of bench/README.md's mcp-http
 * section (see \`mcp-http-section.ts\`), kept in a module of its own so
 * that the section's file stays small.
 */

/** The fifth round's findings, the first part of the "Profiling" subsection. */
export const FIFTH_PROFILING_ROUND = `Issue 44, fifth round (2026-11-29, late; decision 0021, fifth
amendment): what the 2026-07-28 era does per call that 2025-11-25
stateless does not. Both take the fast path: no server, transport,
session or SSE stream is made for either, the era is told once by the
fast rule from the request's header and \`_meta\`, and each answer is
one \`application/json\` body serialized once. What differs:

- The request: two more headers (\`mcp-method\`, \`mcp-name\`) and a
  \`_meta\` with the revision, the client and its capabilities (375 B of
  body against 150 B; \`JSON.parse\` of it 1.3 against 0.66 µs). The fast
  rule checks that \`_meta\` and that the headers name what the body does.
- The answer: \`resultType\` and the server's identity in \`_meta\`
  (1,232 B against 1,080 B), which the SDK's 2026 encoding requires.

Profiles of one host per era (\`--cpu-prof\`, 2,000 warm-up calls and 8 s
at 10 connections each, load average 8), shares of busy time: the 2026
answer's \`modernResult\` and \`modernAnswerText\` 1.93% against the 2025
answer's \`JSON.stringify\` 1.44%, \`fastRequestOf\` 1.01% against 0.90%;
every other function within the sampling's noise, and the busy time per
call within 1.5% of each other. In process, per call (\`process.cpuUsage()\`
over 200,000 to 300,000 runs):

| per call | 2026-07-28 before | 2026-07-28 after | 2025-11-25 |
|---|--:|--:|--:|
| the answer's text (the result stamped and serialized) | 6.0 µs | 3.6 µs | 3.3 µs |
| \`JSON.parse\` of the body and the fast rule | 4.3 µs | 4.2 µs | 3.1 µs |

What was done:
- A 2026 answer no longer copies the tool's result to stamp it: a result
  without \`resultType\` and \`_meta\` (every tool's) is serialized as it is
  and the stamps, serialized once per process, follow its last member,
  byte for byte what the copy gave (\`modern-answer.test.ts\` compares the
  two for every shape; any other shape is still copied and stamped).
- A \`tools/call\`'s key for the kept \`tools/list\` is its era: the
  client's capabilities are serialized for a \`tools/list\` only.

So the 2026 era costs about 1.5 µs a call more in our code now (the larger
body's parse 0.65 µs, the rule's \`_meta\` and header checks about 0.5
µs, the stamps about 0.3 µs), against about 4 µs before; the rest of a
difference is node:http parsing and writing the larger messages.

Most of the 0.03 to 0.05 ms between the eras in the bench's runs is not
work of either era. The mock, which serves the same two reads for both
(counted through a proxy: the same two GETs with the same headers per
call), read 10 to 15% more CPU per call in the 2026 rounds of each of
the last four runs (0.396 / 0.358, 0.416 / 0.361, 0.423 / 0.384 and
0.354 / 0.313 ms), as much as the host's gap or more, and in the last
run the host read less in the 2026 era (0.423 against 0.439 ms). Why the
mock's rounds differ is not found (the load generator's larger 2026
requests share the two cores); reversing the rounds' order every other
round, which the benchmark now does, did not remove it. Alternating one
host's eras in both orders by hand (eight rounds of 3 s, load 4 to 6)
read 0.456 against 0.443 ms for the host and 0.314 against 0.307 ms for
the mock. Six rounds of 3 s of
this round's code against the commit before it, both eras, in one run
(load 11.6): 0.513 to 0.753 ms (median 0.560) before and 0.526 to 0.645
ms (median 0.570) after in the 2026 era, 0.490 to 0.728 ms (median
0.583) before and 0.530 to 0.631 ms (median 0.562) after in the 2025
era: a change of a few µs is below what whole-host rounds resolve here,
hence the in-process figures above.
`;
