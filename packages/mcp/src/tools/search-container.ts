import type { MappedContainer, MappedSearchResult } from '@shiptrack/sdk';
import { sameNumber } from '@shiptrack/sdk';
import * as z from 'zod';
import type { MirrorSource } from '../core/context.js';
import type { ToolRunContext } from '../core/define-tool.js';
import { defineTool } from '../core/define-tool.js';
import { lazy } from '../core/lazy.js';
import { shown } from '../render/format.js';
import {
  mappedContainers,
  mappedShipments,
  mappedTrackingRequests,
} from '../service/mirror-lists.js';
import {
  type AnswerSource,
  asOfMember,
  isMirrorUnavailable,
  listSource,
  sourceLines,
} from '../service/mirror-source.js';
import { readContainers, searchAccount } from '../service/search.js';
import { TerminalLookup } from '../service/terminals.js';

/** Results of each kind shown at most (each container shown costs one read). */
const LIMIT = 10;

const text = lazy(() => z.string().nullable());

const ContainerHitSchema = lazy(() =>
  z.object({
    id: z.string(),
    containerNumber: text(),
    status: text(),
    shippingLine: text(),
    podTerminal: text(),
    destination: text(),
  }),
);

const ShipmentHitSchema = lazy(() =>
  z.object({
    id: z.string(),
    billOfLading: text(),
    shippingLine: text(),
    portOfDischarge: text(),
    containers: z.number().nullable(),
  }),
);

const RequestHitSchema = lazy(() =>
  z.object({
    id: z.string(),
    number: text(),
    scac: text(),
    status: text(),
    failedReason: text(),
  }),
);

type ContainerHit = z.infer<ReturnType<typeof ContainerHitSchema>>;

/** What a search found, shown. */
interface Hits {
  containers: ContainerHit[];
  shipments: z.infer<ReturnType<typeof ShipmentHitSchema>>[];
  trackingRequests: z.infer<ReturnType<typeof RequestHitSchema>>[];
  totalResults: number;
  /** Containers that could not be read and are shown as the search gave them. */
  unread: number;
}

/**
 * The search in the mirror's database: partial numbers, case ignored, no
 * REST call. The mirror keeps no terminals, so `podTerminal` is not given.
 */
async function mirrorHits(source: MirrorSource, query: string): Promise<Hits> {
  const found = await source.mirror.search(query, { limit: LIMIT });
  const containers = mappedContainers(found.containers, found.related).map((container) => {
    const shipment = container.shipment;
    return {
      id: container.id,
      containerNumber: container.number ?? null,
      status: container.status ?? null,
      shippingLine: shipment?.shippingLineName ?? shipment?.shippingLineScac ?? null,
      podTerminal: null,
      destination: shipment?.destinationName ?? shipment?.portOfDischargeName ?? null,
    };
  });
  const shipments = mappedShipments(found.shipments).map((shipment) => ({
    id: shipment.id,
    billOfLading: shipment.billOfLading ?? null,
    shippingLine: shipment.shippingLineName ?? shipment.shippingLineScac ?? null,
    portOfDischarge: shipment.portOfDischargeName ?? null,
    containers: shipment.containerIds?.length ?? null,
  }));
  const trackingRequests = mappedTrackingRequests(found.trackingRequests).map((request) => ({
    id: request.id,
    number: request.requestNumber ?? null,
    scac: request.scac ?? null,
    status: request.status ?? null,
    failedReason: request.failedReason ?? null,
  }));
  return { containers, shipments, trackingRequests, totalResults: found.total, unread: 0 };
}

/** Exact matches of the query first, then the others in the service's order. */
function exactFirst(results: MappedSearchResult[], query: string): MappedSearchResult[] {
  const exact = results.filter((result) => sameNumber(result.number, query));
  return [...exact, ...results.filter((result) => !exact.includes(result))];
}

/** Shipping-line names by SCAC, from the cached list (a SCAC alone when it cannot be loaded). */
async function lineNames(context: ToolRunContext): Promise<Map<string, string>> {
  try {
    const lines = await context.shippingLines();
    return new Map(
      lines.flatMap((line) => (line.scac && line.name ? [[line.scac, line.name]] : [])),
    );
  } catch {
    return new Map();
  }
}

/** A container result: what its read gave, else what the search said. */
async function containerHit(
  hit: MappedSearchResult,
  container: MappedContainer | null,
  terminals: TerminalLookup,
  names: ReadonlyMap<string, string>,
): Promise<ContainerHit> {
  const shipment = container?.shipment;
  const scac = shipment?.shippingLineScac ?? hit.scac ?? null;
  const terminal = container ? await terminals.terminal(container) : null;
  return {
    id: hit.id,
    containerNumber: container?.number ?? hit.number ?? null,
    status: container ? container.status : (hit.status ?? null),
    shippingLine: shipment?.shippingLineName ?? (scac ? (names.get(scac) ?? scac) : null),
    podTerminal: terminal?.name ?? null,
    destination:
      shipment?.destinationName ?? shipment?.portOfDischargeName ?? hit.portOfDischargeName ?? null,
  };
}

/** The service's search (one request), each container then read for its terminal and destination. */
async function restHits(context: ToolRunContext, query: string): Promise<Hits> {
  const client = context.client();
  const found = await searchAccount(client, query);
  const containerHits = exactFirst(found.containers, query).slice(0, LIMIT);
  const shipmentHits = exactFirst(found.shipments, query).slice(0, LIMIT);
  const requestHits = exactFirst(found.trackingRequests, query).slice(0, LIMIT);
  const read = await readContainers(client, containerHits);
  const unread = containerHits.filter((hit) => !read.get(hit.id)).length;
  const names =
    shipmentHits.length > 0 || unread > 0 ? await lineNames(context) : new Map<string, string>();
  const terminals = new TerminalLookup(client);
  const containers = await Promise.all(
    containerHits.map((hit) => containerHit(hit, read.get(hit.id) ?? null, terminals, names)),
  );
  const shipments = shipmentHits.map((hit) => ({
    id: hit.id,
    billOfLading: hit.number ?? null,
    shippingLine: hit.scac ? (names.get(hit.scac) ?? hit.scac) : null,
    portOfDischarge: hit.portOfDischargeName ?? null,
    containers: hit.containersCount ?? null,
  }));
  const trackingRequests = requestHits.map((hit) => ({
    id: hit.id,
    number: hit.number ?? null,
    scac: hit.scac ?? null,
    status: hit.status ?? null,
    failedReason: hit.failedReason ?? null,
  }));
  return { containers, shipments, trackingRequests, totalResults: found.total, unread };
}

/** `search_container`: find containers, shipments and tracking requests by any number. */
export const searchContainer = defineTool({
  name: 'search_container',
  title: 'Search containers',
  description:
    'Finds containers, shipments and tracking requests by container, B/L, booking or reference number (partial too). Start here; none found: not tracked, use track_container.',
  schemas: () => ({
    input: z.object({
      query: z
        .string()
        .trim()
        .min(3, 'at least 3 characters')
        .describe('Container, B/L, booking or reference number'),
    }),
    output: z.object({
      containers: z.array(ContainerHitSchema()),
      shipments: z.array(ShipmentHitSchema()),
      trackingRequests: z.array(RequestHitSchema()),
      totalResults: z.number().describe('results of the search (it gives at most 25)'),
      omitted: z.number(),
      asOf: z.string().optional().describe('from the mirror: its copy as of (no REST call)'),
    }),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    let source: AnswerSource = await listSource(context.mirror);
    let hits: Hits | undefined;
    if (source.from === 'mirror' && context.mirror) {
      try {
        hits = await mirrorHits(context.mirror, args.query);
      } catch (error) {
        if (!isMirrorUnavailable(error)) throw error;
        source = { from: 'rest', reason: "the mirror's database cannot be reached" };
      }
    }
    hits ??= await restHits(context, args.query);
    const { containers, shipments, trackingRequests, totalResults, unread } = hits;
    const omitted = totalResults - containers.length - shipments.length - trackingRequests.length;
    const lines =
      totalResults === 0
        ? [
            `Nothing in the account matches "${args.query}". To start tracking it, call track_container.`,
          ]
        : [
            `${totalResults} result(s) for "${args.query}":`,
            ...containers.map(
              (c) =>
                `- container ${c.containerNumber} ${shown(c.status)} | ${shown(c.shippingLine)} | ${shown(c.podTerminal)} -> ${shown(c.destination)} | id ${c.id}`,
            ),
            ...shipments.map(
              (s) =>
                `- shipment ${s.billOfLading} | ${shown(s.shippingLine)} to ${shown(s.portOfDischarge)} | ${shown(s.containers)} container(s) | id ${s.id}`,
            ),
            ...trackingRequests.map(
              (r) =>
                `- tracking request ${r.number} at ${shown(r.scac)}: ${shown(r.status)}${r.failedReason ? ` (${r.failedReason})` : ''} | id ${r.id}`,
            ),
            ...(omitted > 0 ? [`${omitted} more not shown: use a longer number.`] : []),
            ...(unread > 0
              ? [
                  `${unread} container(s) could not be read just now: shown as the search gave them, without terminal.`,
                ]
              : []),
          ];
    lines.push(...sourceLines(source, context.now()));
    return {
      structured: {
        containers,
        shipments,
        trackingRequests,
        totalResults,
        omitted,
        ...asOfMember(source),
      },
      text: lines.join('\n'),
      containers: containers.map((c) => ({
        id: c.id,
        number: c.containerNumber,
        status: c.status,
      })),
    };
  },
});
