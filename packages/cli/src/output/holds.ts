import type { MappedContainer, TerminalHold } from '@shiptrack/sdk';

/** The holds a container's terminal reports; `null` when it reports none at all (not the same as none). */
export function reportedHolds(container: MappedContainer): TerminalHold[] | null {
  // A terminal that does not report availability reports no holds or fees either.
  return container.availabilityKnown === false ? null : container.demurrage.holds;
}

/** Holds as words: `customs (pending), freight`, `none`, or `not reported`. */
export function holdsText(holds: readonly TerminalHold[] | null): string {
  if (holds === null) return 'not reported';
  if (holds.length === 0) return 'none';
  return holds
    .map((h) => `${h.name ?? '?'}${h.status === 'pending' ? ' (pending)' : ''}`)
    .join(', ');
}
