/**
 * The container's own items: its last free day (soon, or passed with the box
 * still there), its holds, its fees, and a discharge not followed by
 * availability. The last free day and the holds are the SDK's
 * `containerRisk`, so "at risk" and "needs attention" never disagree.
 */
import type { MappedContainer } from '../../mapped/container.js';
import { atReportingTerminal, type ContainerRisk, containerRisk } from '../at-risk.js';
import { feeTotals } from '../fees.js';
import type { DeadlineSource, LastFreeDay } from '../last-free-day.js';
import { dayAt, timeEvidence, valueEvidence } from './evidence.js';
import type { AttentionItem, AttentionSubject } from './model.js';
import type { AttentionThresholds } from './thresholds.js';

/** What the container's rules need. */
export interface ContainerRuleContext {
  readonly now: Date;
  readonly thresholds: AttentionThresholds;
  readonly subject: AttentionSubject;
}

/** The attribute each deadline is read from. */
const DEADLINE_FIELD: Readonly<Record<DeadlineSource, string>> = {
  terminal: 'import_deadlines.pickup_lfd_terminal',
  line: 'import_deadlines.pickup_lfd_line',
  rail: 'import_deadlines.pickup_lfd_rail',
  service: 'pickup_lfd',
};

const HOUR_MS = 3_600_000;

function whenPhrase(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  return `in ${daysLeft} days`;
}

function lastFreeDayItems(
  container: MappedContainer,
  risk: ContainerRisk | null,
  context: ContainerRuleContext,
): AttentionItem[] {
  const lfd: LastFreeDay | null = risk?.deadline ?? null;
  if (risk === null || lfd === null) return [];
  const evidence = [timeEvidence('container', DEADLINE_FIELD[lfd.source], lfd.at, lfd.timeZone)];
  const day = `${lfd.date} (${lfd.timeZone})`;
  // Each item's members written out (not spread from one base): a spread is the slow path, and
  // this runs for thousands of boxes.
  const { subject } = context;
  if (risk.reasons.includes('due')) {
    return [
      {
        subject,
        evidence,
        lastFreeDay: lfd,
        kind: 'last_free_day_soon',
        severity: lfd.daysLeft <= 1 ? 'critical' : 'warning',
        reason: `Last free day ${day} is ${whenPhrase(lfd.daysLeft)}: pick the box up by then or storage is charged.`,
      },
    ];
  }
  if (!risk.reasons.includes('overdue')) return [];
  const daysPast = -lfd.daysLeft;
  const available = container.location.availableForPickup === true;
  const availability = valueEvidence(
    'container',
    'available_for_pickup',
    container.location.availableForPickup,
  );
  return [
    available
      ? {
          subject,
          evidence: [...evidence, availability],
          lastFreeDay: lfd,
          kind: 'not_picked_up',
          severity: 'critical',
          daysPast,
          reason: `Available for pickup but not picked up, and its last free day ${day} passed ${daysPast} day(s) ago: storage is charged.`,
        }
      : {
          subject,
          evidence: [...evidence, availability],
          lastFreeDay: lfd,
          kind: 'demurrage_running',
          severity: 'critical',
          daysPast,
          reason: `Last free day ${day} passed ${daysPast} day(s) ago and the box is not available yet: storage is charged while it waits.`,
        },
  ];
}

function holdItems(risk: ContainerRisk | null, context: ContainerRuleContext): AttentionItem[] {
  return (risk?.holds ?? []).map((hold) => ({
    kind: 'hold',
    severity: 'critical',
    subject: context.subject,
    holdType: hold.name,
    hold,
    evidence: [valueEvidence('container', 'holds_at_pod_terminal', hold)],
    reason: `On ${hold.name ?? 'an unnamed'} hold at the terminal${hold.description ? ` (${hold.description})` : ''}: it cannot be picked up until the hold is released.`,
  }));
}

function feeItems(container: MappedContainer, context: ContainerRuleContext): AttentionItem[] {
  const fees = container.demurrage.fees ?? [];
  if (!atReportingTerminal(container)) return [];
  const totals = feeTotals(fees).filter((total) => total.amount > 0);
  if (totals.length === 0) return [];
  const amounts = totals.map((t) => `${t.amount} ${t.currencyCode ?? '(currency not sent)'}`);
  return [
    {
      kind: 'fees_due',
      severity: 'warning',
      subject: context.subject,
      fees,
      totals,
      evidence: [valueEvidence('container', 'fees_at_pod_terminal', fees)],
      reason: `Fees due at the terminal: ${amounts.join(', ')}; pay them before the pickup.`,
    },
  ];
}

function notAvailableItems(
  container: MappedContainer,
  context: ContainerRuleContext,
  podZone: string | null,
): AttentionItem[] {
  const dischargedAt = container.location.podDischargedAt;
  if (
    !dischargedAt ||
    !atReportingTerminal(container) ||
    container.availabilityKnown !== true ||
    container.location.availableForPickup !== false
  ) {
    return [];
  }
  const elapsed = context.now.getTime() - Date.parse(dischargedAt);
  const hours = Math.floor(elapsed / HOUR_MS);
  if (!(elapsed >= context.thresholds.notAvailableAfterHours * HOUR_MS)) return [];
  const discharged = timeEvidence('container', 'pod_discharged_at', dischargedAt, podZone);
  return [
    {
      kind: 'discharged_not_available',
      severity: 'warning',
      subject: context.subject,
      hoursSinceDischarge: hours,
      evidence: [
        discharged,
        valueEvidence('container', 'available_for_pickup', container.location.availableForPickup),
      ],
      reason: `Discharged ${dayAt(discharged.time, dischargedAt)}, ${hours} hours ago, and still not available for pickup.`,
    },
  ];
}

/**
 * The items of a container alone (its shipment's are apart). `container`
 * carries its shipment when one is known, for the port's zone.
 */
export function containerItems(
  container: MappedContainer,
  context: ContainerRuleContext,
): AttentionItem[] {
  const podZone = container.podTimezone ?? container.shipment?.podTimezone ?? null;
  const risk = containerRisk(container, {
    now: context.now,
    withinDays: context.thresholds.lastFreeDayWithinDays,
  });
  const items = lastFreeDayItems(container, risk, context);
  for (const more of [
    holdItems(risk, context),
    feeItems(container, context),
    notAvailableItems(container, context, podZone),
  ]) {
    for (const item of more) items.push(item);
  }
  return items;
}
