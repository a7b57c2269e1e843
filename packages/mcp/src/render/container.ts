import type { ContainerView } from '../facts/container-view.js';
import { money, shown, when } from './format.js';
import { daysLeftPhrase } from './last-free-day.js';

function lastFreeDayLine(view: ContainerView): string {
  const { demurrage } = view;
  if (!demurrage.lastFreeDay) return 'Last free day: not reported';
  const days = demurrage.daysToLastFreeDay;
  const relative = days === null ? '' : `${daysLeftPhrase(days)}, `;
  const others = demurrage.deadlines
    .filter((deadline) => deadline.at !== demurrage.lastFreeDayAt)
    .map((deadline) => `${deadline.source} ${deadline.date}`)
    .join('; ');
  return `Last free day: ${demurrage.lastFreeDay} (${relative}${demurrage.lastFreeDaySource}, ${demurrage.countedIn} time)${others ? ` [also ${others}]` : ''}`;
}

function holdsLine(view: ContainerView): string {
  const { holds } = view.demurrage;
  if (holds === null) return 'Holds: not reported';
  if (holds.length === 0) return 'Holds: none';
  return `Holds: ${holds.map((hold) => `${hold.name} (${hold.status})`).join(', ')}`;
}

function feesLine(view: ContainerView): string {
  const { fees, feeTotals } = view.demurrage;
  if (fees === null) return 'Fees: not reported';
  if (fees.length === 0) return 'Fees: none';
  const listed = fees
    .filter((fee) => fee.type !== 'total')
    .map((fee) => `${fee.type} ${money(fee.amount, fee.currencyCode)}`);
  const totals = feeTotals.map((total) => money(total.amount, total.currencyCode)).join(' + ');
  return `Fees: ${listed.join(', ') || 'total only'}; total ${totals}`;
}

/** The compact text of a container: status, place, last free day, holds, fees, flags. */
export function renderContainer(view: ContainerView): string {
  const equipment = [
    view.equipment.length ? `${view.equipment.length}ft` : null,
    view.equipment.type,
    view.equipment.height,
  ]
    .filter(Boolean)
    .join(' ');
  const lines = [
    `Container ${view.number} (id ${view.id}): ${shown(view.status)}${equipment ? `, ${equipment}` : ''}`,
  ];
  if (view.shipment) {
    const s = view.shipment;
    lines.push(
      `Shipment ${s.billOfLading} (id ${s.id}), ${shown(s.shippingLineName ?? s.shippingLineScac)}, to ${shown(s.portOfDischargeName)}; ETA ${when(s.podEtaAt)}, arrived ${when(s.podAtaAt)}`,
    );
  }
  lines.push(
    `Terminal: ${shown(view.location.terminal)}; arrived ${when(view.location.podArrivedAt)}, discharged ${when(view.location.podDischargedAt)}; available for pickup: ${view.location.availabilityKnown === false ? 'not reported' : shown(view.location.availableForPickup)}`,
  );
  // A rail or line deadline inland still applies after the box left the port terminal.
  if (!view.flags.leftTerminal || view.demurrage.daysToLastFreeDay !== null) {
    lines.push(lastFreeDayLine(view));
  }
  if (!view.flags.leftTerminal) lines.push(holdsLine(view), feesLine(view));
  lines.push(
    `Picked up ${when(view.pickup.podFullOutAt)}; empty returned ${when(view.pickup.emptyTerminatedAt)}; appointment ${when(view.pickup.appointmentAt)}`,
  );
  lines.push(...view.notes);
  return lines.join('\n');
}
