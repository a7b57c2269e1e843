/**
 * Test helpers for live container updates: a poll scheduler driven by hand
 * and the `notifications/resources/updated` a client receives.
 */
import type { Client } from '@modelcontextprotocol/client';

/** The shape of `@shiptrack/mcp`'s `PollScheduler`. */
type PollScheduler = (tick: () => Promise<void>, delayMs: number) => () => void;

/** A poll scheduler the test drives: each `round()` runs the polls due, as if their interval had passed. */
export interface ManualScheduler {
  scheduler: PollScheduler;
  /** Runs every pending round and waits for it. */
  round(): Promise<void>;
  /** Rounds waiting: none once nothing is followed any more. */
  readonly pending: number;
}

/** A {@link ManualScheduler}: no real time passes between polls. */
export function manualScheduler(): ManualScheduler {
  let pending = new Set<() => Promise<void>>();
  return {
    scheduler: (tick) => {
      pending.add(tick);
      return () => pending.delete(tick);
    },
    round: async () => {
      const due = [...pending];
      pending = new Set();
      await Promise.all(due.map((tick) => tick()));
    },
    get pending() {
      return pending.size;
    },
  };
}

/** Collects the URIs of `notifications/resources/updated` a client receives. */
export function collectUpdates(client: Client): string[] {
  const updates: string[] = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.push(notification.params.uri);
  });
  return updates;
}

/** Lets notifications already sent reach the client (they travel through a few promise turns). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}
