/** The journey in words: where the box is now, and the timeline of legs. */
import { el, formatWhen } from './dom.js';
import type { Journey, Leg, Moment, Stop, StopRole } from './journey.js';

const ROLE_WORDS: Record<StopRole, string> = {
  origin: 'Port of lading',
  transshipment: 'Transshipment',
  discharge: 'Port of discharge',
  rail: 'Rail',
  inland: 'Inland destination',
  stop: 'Stop',
};

const MODE_WORDS: Record<string, string> = { vessel: 'Sea', rail: 'Rail', truck: 'Road' };

function place(stop: Stop): string {
  return stop.locode ? `${stop.name} (${stop.locode})` : stop.name;
}

function modeWords(leg: Leg): string {
  return leg.mode ? (MODE_WORDS[leg.mode] ?? leg.mode) : 'Transport';
}

/** A time with its kind marked apart: "actual" or "estimated", in words and in style. */
function when(label: string, moment: Moment | null, locale: string | undefined): HTMLElement {
  if (!moment) return el('p', { class: 'when unknown' }, `${label}: not reported`);
  const kind = moment.actual ? 'actual' : 'estimated';
  return el(
    'p',
    { class: `when ${kind}` },
    `${label}: `,
    el('time', { datetime: moment.at }, formatWhen(moment.at, locale)),
    ' ',
    el('span', { class: `tag ${kind}` }, moment.actual ? 'actual' : 'estimated'),
  );
}

/** One sentence on where the container is now. */
export function whereNow(journey: Journey, locale: string | undefined): string {
  const current = journey.current;
  if (!current) return 'Where the container is has not been reported yet.';
  if (current.kind === 'leg') {
    const leg = journey.legs[current.index];
    const from = leg ? journey.stops[leg.from] : undefined;
    const to = leg ? journey.stops[leg.to] : undefined;
    if (!leg || !from || !to) return 'On its way.';
    const carrier = leg.vessel
      ? ` on ${leg.vessel}${leg.voyage ? ` voyage ${leg.voyage}` : ''}`
      : '';
    const eta = leg.arrival
      ? `; ${leg.arrival.actual ? 'arrived' : 'expected'} ${formatWhen(leg.arrival.at, locale)}${leg.arrival.actual ? '' : ' (estimated)'}`
      : '';
    const how = leg.mode === 'vessel' ? 'At sea' : leg.mode === 'rail' ? 'On rail' : 'On its way';
    return `${how}: ${from.name} to ${to.name}${carrier}${eta}.`;
  }
  const stop = journey.stops[current.index];
  if (!stop) return 'Where the container is has not been reported yet.';
  const role = ROLE_WORDS[stop.role].toLowerCase();
  if (current.index === 0 && !stop.departure?.actual)
    return `Not departed yet: at the ${role}, ${stop.name}.`;
  return `At ${stop.name}${stop.terminal ? `, ${stop.terminal}` : ''} (${role}).`;
}

/** The timeline: stops and the legs between them, the current one marked. */
export function journeyTimeline(journey: Journey, locale: string | undefined): HTMLElement {
  const list = el('ol', {
    class: 'timeline',
    'aria-label': 'Journey, from the port of lading to the destination',
  });
  journey.stops.forEach((stop, i) => {
    const here = journey.current?.kind === 'stop' && journey.current.index === i;
    list.append(
      el(
        'li',
        { class: `stop-item${here ? ' current' : ''}`, 'aria-current': here ? 'step' : undefined },
        el(
          'p',
          { class: 'role' },
          ROLE_WORDS[stop.role],
          here ? el('span', { class: 'now' }, 'Now here') : null,
        ),
        el('p', { class: 'place' }, place(stop)),
        stop.terminal ? el('p', { class: 'terminal' }, stop.terminal) : null,
        i > 0 ? when('Arrival', stop.arrival, locale) : null,
        i < journey.stops.length - 1 ? when('Departure', stop.departure, locale) : null,
      ),
    );
    const leg = journey.legs.find((candidate) => candidate.from === i);
    if (!leg) return;
    const legIndex = journey.legs.indexOf(leg);
    const onIt = journey.current?.kind === 'leg' && journey.current.index === legIndex;
    list.append(
      el(
        'li',
        {
          class: `leg-item mode-${leg.mode ?? 'unknown'}${onIt ? ' current' : ''}`,
          'aria-current': onIt ? 'step' : undefined,
        },
        el(
          'p',
          { class: 'role' },
          `${modeWords(leg)} leg`,
          onIt ? el('span', { class: 'now' }, 'Now on this leg') : null,
        ),
        leg.vessel ? el('p', { class: 'vessel' }, `Vessel ${leg.vessel}`) : null,
        leg.mode === 'vessel'
          ? el('p', { class: 'voyage' }, `Voyage ${leg.voyage ?? 'not reported'}`)
          : null,
      ),
    );
  });
  return list;
}
