import type { AtRiskReason, ContainerRisk, MappedContainer } from '@shiptrack/sdk';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';
import { deadlineFact, type LastFreeDayFact, LastFreeDaySchema } from './last-free-day.js';

/** Why a container is at risk: its last free day passed, falls within the window, or a hold blocks pickup. */
export const AT_RISK_REASONS = [
  'overdue',
  'due',
  'held',
] as const satisfies readonly AtRiskReason[];

/** A container at risk, as `list_containers_at_risk` returns it. */
export const AtRiskRowSchema = lazy(() =>
  z.object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.string().nullable(),
    pod: z.string().nullable().describe('UN/LOCODE'),
    lastFreeDay: LastFreeDaySchema().optional().describe('first that applies; left out: none'),
    holds: z.array(z.string()).describe('holds with status hold'),
    reasons: z.array(z.enum(AT_RISK_REASONS)),
  }),
);

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

/** The row of a container at risk, from the SDK's `containerRisk` (as the CLI and the mirror decide). */
export function atRiskRow(container: MappedContainer, risk: ContainerRisk): AtRiskRow {
  return {
    id: container.id,
    number: container.number,
    status: container.status,
    pod: container.shipment?.portOfDischargeLocode ?? null,
    ...(risk.deadline ? { lastFreeDay: deadlineFact(risk.deadline) } : {}),
    holds: risk.holds.map((hold) => hold.name ?? 'unnamed'),
    reasons: [...risk.reasons],
  };
}
