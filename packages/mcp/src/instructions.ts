/**
 * The server's `instructions`: the domain's words, the usual chain of tools
 * and which tool writes. Sent once at initialization. A server that serves
 * some of the tools (`readOnly`, `tools`, `toolsets`) leaves out each
 * sentence that names a tool it does not serve, and says which it serves.
 */
import { namesOnly, TOOL_NAMES } from './tools/named-tools.js';

/** The paragraphs, each a list of sentences (joined by a space). */
const PARAGRAPHS: readonly (readonly string[])[] = [
  ["Ocean shipment and container tracking for the user's account."],
  [
    'Words: a tracking request asks the service to follow a number (bill of lading, booking or container number) at a carrier (SCAC); it is pending until the carrier answers, then creates a shipment (one bill of lading: ports, vessel, ETA) with its containers.',
    "A container's current_status is its headline status.",
    'In structured results a member that is left out was not reported by the service; [] means none.',
    "The last free day (LFD) is the last day to pick a container up at the terminal before demurrage fees; it is a day in the terminal's time zone.",
    'Holds (customs, freight, ...) block pickup.',
    'Fees are per currency.',
  ],
  [
    'Usual chain: search_container (by container, bill of lading, booking or reference number) -> get_container (status, LFD, holds, fees) -> get_container_transport_events (journey) or get_shipment_details (vessel, ETA, all containers).',
    'For "which containers ..." use list_containers or list_shipments with filters, and list_containers_at_risk for which containers risk fees or are held; list_tracking_requests shows requests still pending or failed.',
    'Reference numbers (refNumbers) are searchable with search_container; custom field values (a PO kept in a custom field, for example) are shown by get_container and get_shipment_details but no tool searches by them.',
    "get_supported_shipping_lines finds a carrier's SCAC.",
  ],
  [
    'Only track_container writes: it starts tracking a number, but first returns the container or the pending request when the number is already tracked, so it is safe to call again.',
    'A new request takes minutes; then call get_container.',
    'A client with tasks can call track_container as a task instead: the task follows the request until the carrier answers (at most 15 minutes) and completes with the containers, as get_container gives them.',
  ],
  [
    'To follow a container, subscribe to its resource service://container/{id} (resources/subscribe, or subscriptions/listen on 2026-07-28): the server then sends notifications/resources/updated once per change of its status, ETA, last free day, availability, holds, fees or tracking stopped; read the resource again to see what changed.',
  ],
];

/**
 * The instructions of a server that serves the tools `served` (names): the
 * sentences that name only tools it serves, and, when it serves fewer than
 * all, which it serves and, without `track_container`, that it cannot
 * start tracking.
 */
export function instructionsFor(served: ReadonlySet<string>, all: ReadonlySet<string>): string {
  const paragraphs = PARAGRAPHS.map((sentences) =>
    sentences.filter((sentence) => namesOnly(sentence, served)).join(' '),
  ).filter((paragraph) => paragraph !== '');
  if (served.size < all.size) {
    const limits = [`This server serves these tools only: ${[...served].join(', ')}.`];
    if (!served.has('track_container')) {
      limits.push(
        'It does not start tracking: a number that is not in the account cannot be added from here; say so, and that the account holder can track it.',
      );
    }
    paragraphs.push(limits.join(' '));
  }
  return paragraphs.join('\n\n');
}

/** The instructions of a server that serves every tool. */
export const INSTRUCTIONS = instructionsFor(TOOL_NAMES, TOOL_NAMES);
