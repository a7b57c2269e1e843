/** The terminal side: last free day countdown, availability, holds and fees. */
import { type Countdown, countdownWords } from './countdown.js';
import { el, formatDay, formatMoney, formatWhen } from './dom.js';
import type { ContainerFacts } from './model.js';

function availability(facts: ContainerFacts): string {
  if (facts.leftTerminal) return 'Left the terminal';
  if (facts.availabilityKnown === false || facts.availableForPickup === null) return 'Not reported';
  return facts.availableForPickup ? 'Available for pickup' : 'Not available for pickup';
}

function countdownBlock(
  countdown: Countdown | null,
  facts: ContainerFacts,
  locale?: string,
): HTMLElement {
  if (facts.leftTerminal) {
    return el(
      'div',
      { class: 'countdown none' },
      el('p', {}, 'No terminal demurrage accrues: the container has left the terminal.'),
    );
  }
  if (!countdown)
    return el('div', { class: 'countdown none' }, el('p', {}, 'Last free day: not reported'));
  const urgency = countdown.days < 0 ? 'late' : countdown.days <= 1 ? 'soon' : 'ok';
  return el(
    'div',
    { class: `countdown ${urgency}`, role: 'status', 'aria-live': 'polite' },
    el('p', { class: 'days' }, countdownWords(countdown)),
    countdown.lastFreeDay
      ? el(
          'p',
          { class: 'lfd' },
          `Last free day ${formatDay(countdown.lastFreeDay, locale)}, counted in ${countdown.timeZone} time`,
        )
      : el('p', { class: 'lfd' }, `Counted in ${countdown.timeZone} time`),
  );
}

function holdsList(facts: ContainerFacts): HTMLElement {
  if (facts.holds === null)
    return el('p', { class: 'not-reported' }, 'Holds: not reported by the terminal');
  if (facts.holds.length === 0) return el('p', { class: 'none' }, 'Holds: none');
  return el(
    'div',
    {},
    el('p', { class: 'label' }, `Holds (${facts.holds.length})`),
    el(
      'ul',
      { class: 'holds', 'aria-label': 'Holds' },
      ...facts.holds.map((hold) =>
        el(
          'li',
          { class: `hold ${hold.status ?? ''}` },
          `${hold.name}: ${hold.status ?? 'status not reported'}`,
          hold.description ? ` (${hold.description})` : null,
        ),
      ),
    ),
  );
}

function feesList(facts: ContainerFacts, locale?: string): HTMLElement {
  if (facts.fees === null)
    return el('p', { class: 'not-reported' }, 'Fees: not reported by the terminal');
  if (facts.fees.length === 0) return el('p', { class: 'none' }, 'Fees: none');
  const totals = facts.feeTotals
    .map((total) => formatMoney(total.amount, total.currency, locale))
    .join(' + ');
  return el(
    'div',
    {},
    el('p', { class: 'label' }, `Fees${totals ? `: ${totals}` : ''}`),
    el(
      'ul',
      { class: 'fees', 'aria-label': 'Fees' },
      ...facts.fees.map((fee) =>
        el(
          'li',
          {},
          `${fee.type.replaceAll('_', ' ')}: ${fee.amount === null ? 'amount not reported' : formatMoney(fee.amount, fee.currency, locale)}`,
        ),
      ),
    ),
  );
}

/** The terminal section. */
export function terminalSection(
  facts: ContainerFacts,
  countdown: Countdown | null,
  locale?: string,
): HTMLElement {
  return el(
    'section',
    { class: 'card terminal-card', 'aria-labelledby': 'terminal-heading' },
    el(
      'h2',
      { id: 'terminal-heading' },
      facts.terminal ? `At the terminal: ${facts.terminal}` : 'At the terminal',
    ),
    countdownBlock(countdown, facts, locale),
    el('p', { class: 'availability' }, `Availability: ${availability(facts)}`),
    holdsList(facts),
    feesList(facts, locale),
    el(
      'p',
      { class: 'pickup' },
      `Picked up: ${facts.fullOutAt ? formatWhen(facts.fullOutAt, locale) : 'not yet'}; empty returned: ${facts.emptyReturnedAt ? formatWhen(facts.emptyReturnedAt, locale) : 'not yet'}`,
      facts.appointmentAt ? `; appointment ${formatWhen(facts.appointmentAt, locale)}` : null,
    ),
  );
}
