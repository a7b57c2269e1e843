/**
 * The prose of bench/README.md's types section around the table that
 * `types.bench.ts` measures: how it measures, and where the instantiations
 * went before and after issue 44 (found with `tsc --generateTrace` and a
 * count per file, kept here so that a rerun of the benchmark keeps them).
 */

/** The types section of bench/README.md around `table` and `note` (one run). */
export function typesSection(options: { table: string; note: string }): string {
  return `## types

\`pnpm bench types\` (about 5 minutes): \`tsc --extendedDiagnostics\` on a
small application of each SDK (\`bench/types/\`): for ours a call in each
format (mapped, raw, both), \`withResponse()\`, and a list awaited as a
page and iterated with \`for await\`; the same kinds of calls on openai and
stripe (dev dependencies of the workspace root, used by this benchmark
only). Each is checked as a new project would check it: strict,
\`module\`/\`moduleResolution\` NodeNext, \`@types/node\`, the SDK imported
through its \`package.json\` \`exports\` (the built declarations, after
\`pnpm --filter @shiptrack/sdk build\`), every declaration file checked
(\`skipLibCheck: false\`: what \`tsc\` and an editor's project check pay;
the columns on the right are the \`tsc --init\` default, \`skipLibCheck:
true\`). One more row checks the same application against the SDK's
sources, as the workspace's own packages see it. Counts of types and
instantiations do not depend on the machine; the check time does (it is
the median of the runs, on a shared machine).

${options.table}

${options.note}

Where the instantiations went (issue 44; counted per declaration file with
the compiler API, in the order \`tsc\` checks them, and read in
\`tsc --generateTrace\` with \`@typescript/analyze-trace\`), before the
merge of main that brought \`client.request\` and \`rawRequest\`; since then the
SDK's declarations add 26 instantiations to the total (the table above):

| instantiations | before | after |
|---|--:|--:|
| openapi-fetch's declarations and openapi-typescript-helpers' (mostly the variance of its generic \`ParamsOption\`, \`Readable\`, \`Writable\`) | 156,557 | 0 |
| zod's declarations | 144,106 | 0 |
| the SDK's declarations (of which the two chunks that held the zod schemas' inferred types: 86,908) | 92,235 | 2,100 |
| TypeScript's \`lib.dom\` and \`lib.es*\` | 27,987 | 27,987 |
| \`@types/node\`, \`undici-types\`, \`buffer\`, \`@types/geojson\` | 18,897 | 18,915 |
| the application itself | 270 | 270 |
| total (\`tsc\` count) | 440,052 | 49,272 |

Check time of the same application before and after, built from main at 074db05
(440,078 instantiations) and from this change (49,298), with openai's
beside them, the three checked in turn three times, twice on 2026-11-29.
Load average 12 to 16: medians before 20.9 s (17.6 to 26.3), after 9.6 s
(8.9 to 11.8), openai 11.4 s (5.9 to 14.5). Load average 6 to 10: before
15.5 s (12.5 to 16.4), after 8.1 s (7.1 to 8.8), openai 7.4 s (6.3 to
11.0). On a shared machine only the order of these is firm (before about
twice the rest; after about openai's); the counts are exact.

For comparison, in the same application of openai 6.49 its own declarations
cost 7,667 and stripe 23.1's 7,071: the rest of their totals is the same
\`lib.dom\` and \`@types/node\` as ours.

- Before, every program that imported \`@shiptrack/sdk\` loaded zod and
  openapi-fetch and, unless it set \`skipLibCheck\`, checked them: the
  root declarations imported the chunk that held both the mapped
  interfaces and their zod schemas (one module each, so one chunk), and
  the declaration of the internal request helper (reached through
  \`Resource\`'s \`core\` member) typed its parameters with openapi-fetch's
  \`ParamsOption\` and \`RequestBodyOption\`.
- Now the mapped models' interfaces (\`packages/sdk/src/mapped/*.ts\`) and
  their zod schemas (\`mapped/schemas/*.ts\`, checked to agree as before)
  are separate modules, so the root entry's declarations never reach zod;
  and \`pnpm generate\` writes each operation's \`include\` values, body
  and success document once, as indexed accesses into the spec's types
  (\`generated/operation-types.ts\`; \`packages/sdk/test/operation-types.test.ts\`
  checks every row against the operation that \`paths[path][method]\`
  names), so no declaration needs openapi-fetch's types. (The request
  bodies the resource methods build are now typed as the spec types them;
  openapi-fetch's \`Writable\` copy rewrote \`Record<string, never>\` as
  \`{ [x: string]: undefined }\`. No public parameter type changed.) Every public type is the same
  type as before (checked one by one between the two builds), hovers show
  the same names (\`MappedContainer\`, \`Page<MappedContainer,
  RawContainerListDocument>\`), and the export lists are unchanged.
- \`@shiptrack/sdk/webhooks\` gained as much (256,239 to 47,784 for
  \`constructEvent\` and \`event.name\`: its chunk held the schemas too).
  \`@shiptrack/sdk/mapped\` is the zod entry and costs what zod costs
  (278,860 for a \`MappedContainerSchema.parse\`, 17,517 with
  \`skipLibCheck\`), as before: the schemas keep their inferred zod types
  (\`.shape\`, \`.extend\`, \`.pick\` work on them), and annotating them as
  \`z.ZodType<MappedContainer>\` would have taken that away.
- From the sources (the workspace's own view, \`skipLibCheck\` as in
  \`tsconfig.base.json\`), the same application went from 230,636
  instantiations to 25,728: most of it was the zod schemas, which the
  client's modules no longer import, and openapi-fetch's \`Writable\` copy
  of every request body, which the generated table replaces. Checking
  every declaration it went from 499,956 to 228,286: the sources import
  openapi-fetch's serializers (\`createFinalURL\`, for the runtime), so
  its declarations are in any program of the sources; the built
  declarations do not refer to them.

On the way, and what was left alone:
- The split alone (zod out of the root declarations) brought the total to
  209,146 instantiations, of which openapi-fetch's declarations were
  155,105: they are checked whatever the SDK instantiates
  (\`--generateTrace\` shows 3 s of "determine variance" inside
  openapi-fetch's own file), so the only fix was to refer to none of its
  types.
- Not done: our own conditional types over \`paths\` in place of
  openapi-fetch's. They would also have kept openapi-fetch out of the
  declarations, but left the conditional types in every program of the
  sources and derived again, in every program, facts the spec already
  states; the generated table is cheaper, and the test keeps that
  derivation as its check.
- Not done: hiding the internal request helper from the declarations
  (\`stripInternal\`). What is left of the SDK's declarations (about 2,000
  instantiations, a quarter of openai's own) is the generic signatures of
  the resources and the client; a stripped member that another
  declaration still names would break every user's check.
- Not done: annotating the zod schemas of \`/mapped\` with
  \`z.ZodType<...>\` (see above).
- \`lib.dom\` and \`@types/node\` are now the largest part of every total;
  they are the application's, and openai and stripe pay them too.
`;
}
