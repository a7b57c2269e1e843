import { containerLeftTerminal, type MappedContainer } from '@shiptrack/sdk';
import * as z from 'zod';
import { type LastFreeDayFact, LastFreeDaySchema, lastFreeDayFacts } from './last-free-day.js';

/** Why a container is at risk: its last free day passed, falls within the window, or a hold blocks pickup. */
export const AT_RISK_REASONS = ['overdue', 'due', 'held'] as const;

/** A container at risk, as `list_containers_at_risk` returns it. */
export const AtRiskRowSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  pod: z.string().nullable().describe('UN/LOCODE'),
  lastFreeDay: LastFreeDaySchema.optional().describe('first that applies; left out: none'),
  holds: z.array(z.string()).describe('holds with status hold'),
  reasons: z.array(z.enum(AT_RISK_REASONS)),
});

/** A container at risk of storage fees or a missed pickup. */
export interface AtRiskRow {
  id: string;
  number: string | null;
  status: string | null;
  pod: string | null;
  lastFreeDay?: LastFreeDayFact;
  holds: string[];
  reasons: (typeof AT_RISK_REASONS)[number][];
}

/** Options of {@link atRiskOf}. */
export interface AtRiskOptions {
  now: Date;
  /** Days left to the last free day, at most, for it to count (overdue always counts). */
  withinDays: number;
}

/**
 * Whether a container is at risk, and why: the first last free day that
 * still applies (the SDK's `lastFreeDay`, counted in its place's zone) is
 * at most `withinDays` away or passed, or a hold (status `hold`) blocks its
 * pickup while it is at the terminal. `null` when it is not at risk.
 */
export function atRiskOf(container: MappedContainer, options: AtRiskOptions): AtRiskRow | null {
  const { first } = lastFreeDayFacts(container, { now: options.now });
  const due = first?.applies === true && first.daysLeft <= options.withinDays;
  const atTerminal = !containerLeftTerminal(container) && container.availabilityKnown !== false;
  const holds = atTerminal
    ? (container.demurrage.holds ?? []).filter((hold) => hold.status === 'hold')
    : [];
  if (!due && holds.length === 0) return null;
  const reasons: AtRiskRow['reasons'] = [];
  if (due) reasons.push(first.daysLeft < 0 ? 'overdue' : 'due');
  if (holds.length > 0) reasons.push('held');
  return {
    id: container.id,
    number: container.number,
    status: container.status,
    pod: container.shipment?.portOfDischargeLocode ?? null,
    ...(first ? { lastFreeDay: first } : {}),
    holds: holds.map((hold) => hold.name ?? 'unnamed'),
    reasons,
  };
}

/** Days left of a row's last free day when it counts, else past every window. */
function urgency(row: AtRiskRow): number {
  const counted = row.reasons.includes('due') || row.reasons.includes('overdue');
  return counted
    ? (row.lastFreeDay?.daysLeft ?? Number.POSITIVE_INFINITY)
    : Number.POSITIVE_INFINITY;
}

/**
 * Most urgent first: the soonest last free day (passed ones first), a held
 * container before one that is not, then by number.
 */
export function byUrgency(a: AtRiskRow, b: AtRiskRow): number {
  return (
    urgency(a) - urgency(b) ||
    Number(b.holds.length > 0) - Number(a.holds.length > 0) ||
    (a.number ?? '').localeCompare(b.number ?? '')
  );
}
