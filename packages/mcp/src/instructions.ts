/**
 * The server's `instructions`: the domain's words, the usual chain of tools
 * and which tool writes. Sent once at initialization.
 */
export const INSTRUCTIONS = `Ocean shipment and container tracking for the user's account.

Words: a tracking request asks the service to follow a number (bill of lading, booking or container number) at a carrier (SCAC); it is pending until the carrier answers, then creates a shipment (one bill of lading: ports, vessel, ETA) with its containers. A container's current_status is its headline status. In structured results a member that is left out was not reported by the service; [] means none. The last free day (LFD) is the last day to pick a container up at the terminal before demurrage fees; it is a day in the terminal's time zone. Holds (customs, freight, ...) block pickup. Fees are per currency.

Usual chain: search_container (by container, bill of lading, booking or reference number) -> get_container (status, LFD, holds, fees) -> get_container_transport_events (journey) or get_shipment_details (vessel, ETA, all containers). For "which containers ..." use list_containers or list_shipments with filters, and needs_attention for what needs action account-wide (holds, last free days, fees, slipped ETAs, failed tracking) and, with since_hours, what changed; list_tracking_requests shows requests still pending or failed. Reference numbers (refNumbers) are searchable with search_container; custom field values (a PO kept in a custom field, for example) are shown by get_container and get_shipment_details but no tool searches by them. get_supported_shipping_lines finds a carrier's SCAC.

Only track_container writes: it starts tracking a number, but first returns the container or the pending request when the number is already tracked, so it is safe to call again. A new request takes minutes; then call get_container. A client with tasks can call track_container as a task instead: the task follows the request until the carrier answers (at most 15 minutes) and completes with the containers, as get_container gives them.

To follow a container, subscribe to its resource service://container/{id} (resources/subscribe, or subscriptions/listen on 2026-07-28): the server then sends notifications/resources/updated once per change of its status, ETA, last free day, availability, holds, fees or tracking stopped; read the resource again to see what changed.`;
