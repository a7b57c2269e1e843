/** The whole view, rebuilt from the state on every change. */
import { lastFreeDayCountdown } from './countdown.js';
import { el, formatWhen } from './dom.js';
import {
  type Journey,
  journeyFromEvents,
  journeyFromRoute,
  journeyFromShipment,
  withShipmentVoyage,
} from './journey.js';
import { type ContainerFacts, containerFacts } from './model.js';
import { asObject, asObjects, field, type Json, textField } from './read.js';
import { journeyTimeline, whereNow } from './render-journey.js';
import { terminalSection } from './render-terminal.js';
import { routeSvg } from './route-svg.js';

/** Everything the view knows. */
export interface ViewState {
  container?: Json;
  events?: Json;
  route?: Json;
  shipment?: Json;
  /** Whether the person asked to see the shipment. */
  shipmentOpen: boolean;
  /** Whether the host lets the view call the server's tools (refresh, open the shipment). */
  canCallTools: boolean;
  busy: boolean;
  error: string | null;
  updatedAt: Date | null;
  locale?: string;
  now(): Date;
}

/** What the buttons do. */
export interface ViewActions {
  refresh(): void;
  openShipment(shipmentId: string): void;
}

/** The journey from the best source at hand. */
export function journeyOf(state: ViewState): Journey | null {
  const journey =
    journeyFromRoute(state.route) ??
    journeyFromEvents(state.events) ??
    journeyFromShipment(state.shipment);
  return journey ? withShipmentVoyage(journey, state.shipment) : null;
}

const TRACKING_STOPPED_WORDS: Record<string, string> = {
  all_containers_terminated: 'every container of the shipment is back empty',
  past_arrival_window: 'the arrival window has passed',
  past_full_out_window: 'the pickup window has passed',
  no_updates_at_line: 'the carrier stopped sending updates',
  cancelled_by_user: 'a user stopped it',
  booking_cancelled: 'the booking was cancelled',
};

function banners(facts: ContainerFacts, locale?: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (facts.trackingStopped) {
    const reason = facts.trackingStoppedReason;
    out.push(
      el(
        'p',
        { class: 'banner stopped', role: 'note' },
        `Tracking has stopped${reason ? ` (${TRACKING_STOPPED_WORDS[reason] ?? reason})` : ''}: this data will not change any more.`,
      ),
    );
  }
  if (facts.terminalDataStale && !facts.leftTerminal) {
    out.push(
      el(
        'p',
        { class: 'banner stale', role: 'note' },
        `Terminal data is more than a day old (last checked ${formatWhen(facts.terminalCheckedAt, locale)}).`,
      ),
    );
  }
  return out;
}

function journeySection(state: ViewState, journey: Journey | null): HTMLElement {
  const section = el(
    'section',
    { class: 'card journey', 'aria-labelledby': 'journey-heading' },
    el('h2', { id: 'journey-heading' }, 'Journey'),
  );
  if (!journey) {
    section.append(
      el('p', {}, state.busy ? 'Loading the journey...' : 'The journey has not been reported yet.'),
    );
    return section;
  }
  const now = whereNow(journey, state.locale);
  const stops = journey.stops.map((stop) => stop.name).join(' to ');
  section.append(
    el('p', { class: 'where-now', id: 'where-now' }, now),
    routeSvg(
      journey,
      asObject(field(state.route, ['geojson', 'mapGeojson'], 1)),
      `${stops}. ${now}`,
    ),
    journeyTimeline(journey, state.locale),
  );
  if (journey.source !== 'route') {
    section.append(el('p', { class: 'source' }, sourceNote(journey, state.route)));
  }
  return section;
}

/** Why the journey is not drawn from the route: the route tool's reason, when it answered. */
function sourceNote(journey: Journey, route: Json | undefined): string {
  const built =
    journey.source === 'events' ? 'Built from the transport events' : 'Built from the shipment';
  const reason = textField(route, 'reason');
  if (reason === 'not_enabled')
    return `${built}: the route (a paid feature) is not enabled for this account.`;
  if (reason === 'no_route_data') return `${built}: the service has no route for it yet.`;
  return `${built}.`;
}

function shipmentSection(shipment: Json, locale?: string): HTMLElement {
  const containers = asObjects(field(shipment, ['containers'], 0)) ?? [];
  const ports = ['portOfLading', 'portOfDischarge', 'destination']
    .map((name) => textField(asObject(field(shipment, [name], 0)), 'name'))
    .filter((name): name is string => name !== null);
  const vessel = asObject(field(shipment, ['vessel'], 0));
  return el(
    'section',
    { class: 'card shipment', 'aria-labelledby': 'shipment-heading' },
    el(
      'h2',
      { id: 'shipment-heading' },
      `Shipment ${textField(shipment, 'billOfLading') ?? ''}`.trim(),
    ),
    el(
      'p',
      {},
      `${textField(shipment, 'shippingLineName', 'shippingLineScac') ?? 'Carrier not reported'}: ${ports.join(' to ')}`,
    ),
    vessel
      ? el(
          'p',
          {},
          `Vessel ${textField(vessel, 'name') ?? 'not reported'}, voyage ${textField(vessel, 'voyage') ?? 'not reported'}`,
        )
      : null,
    el(
      'p',
      {},
      `ETA ${formatWhen(textField(shipment, 'podEtaAt'), locale)} (first reported ${formatWhen(textField(shipment, 'podOriginalEtaAt'), locale)})`,
    ),
    el(
      'p',
      {},
      `${containers.length} container(s): ${containers.map((c) => textField(c, 'number') ?? '?').join(', ')}`,
    ),
  );
}

/** Renders the whole view into `root`. */
export function render(root: HTMLElement, state: ViewState, actions: ViewActions): void {
  const facts = containerFacts(state.container);
  const journey = journeyOf(state);
  const countdown = state.container ? lastFreeDayCountdown(facts, state.now()) : null;
  const title = facts.number ? `Container ${facts.number}` : 'Container';
  const subtitle = [
    facts.status?.replaceAll('_', ' '),
    facts.equipment,
    facts.shippingLine,
    facts.billOfLading ? `B/L ${facts.billOfLading}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const refresh = el(
    'button',
    { type: 'button', disabled: !state.canCallTools || state.busy },
    state.busy ? 'Refreshing...' : 'Refresh',
  );
  refresh.addEventListener('click', () => actions.refresh());
  const shipmentId = facts.shipmentId;
  const open = el(
    'button',
    { type: 'button', disabled: !state.canCallTools || !shipmentId || state.busy },
    'Open the shipment',
  );
  open.addEventListener('click', () => shipmentId && actions.openShipment(shipmentId));
  const parts: (HTMLElement | null)[] = [
    el(
      'header',
      {},
      el('h1', {}, title),
      subtitle ? el('p', { class: 'subtitle' }, subtitle) : null,
      ...banners(facts, state.locale),
    ),
    journeySection(state, journey),
    state.container ? terminalSection(facts, countdown, state.locale) : null,
    state.shipment && state.shipmentOpen ? shipmentSection(state.shipment, state.locale) : null,
    el(
      'footer',
      {},
      el('div', { class: 'actions', role: 'group', 'aria-label': 'Actions' }, refresh, open),
      state.canCallTools
        ? null
        : el(
            'p',
            { class: 'source' },
            'This host does not let the view call tools: ask the assistant to refresh.',
          ),
      state.error ? el('p', { class: 'banner error', role: 'alert' }, state.error) : null,
      state.updatedAt
        ? el(
            'p',
            { class: 'source' },
            `Updated ${formatWhen(state.updatedAt.toISOString(), state.locale)}`,
          )
        : null,
    ),
  ];
  root.replaceChildren(...parts.filter((part): part is HTMLElement => part !== null));
  root.setAttribute('aria-busy', String(state.busy));
}
