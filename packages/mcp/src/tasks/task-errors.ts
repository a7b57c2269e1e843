import type { TaskRecord } from './task-store.js';

/** A task the caller asked for that is not there: unknown, expired or another account's. */
export class TaskNotFoundError extends Error {
  override name = 'TaskNotFoundError';
  constructor(taskId: string) {
    super(
      `No task ${taskId} in this account: it never existed here or it expired. Call track_container again; it finds the request it made.`,
    );
  }
}

/** A task that has ended cannot be cancelled. */
export class TaskEndedError extends Error {
  override name = 'TaskEndedError';
  constructor(record: TaskRecord) {
    super(`Task ${record.taskId} already ended (${record.status}); there is nothing to cancel.`);
  }
}
