/** A logger for the stores' tests, whose calls a test can read. */
import { type Mock, vi } from 'vitest';

/** A logger whose calls a test can read. */
export interface RecordingLogger {
  warn: Mock<(message: string) => void>;
  info: Mock<(message: string) => void>;
}

/** A fresh {@link RecordingLogger}. */
export function recordingLogger(): RecordingLogger {
  return { warn: vi.fn(), info: vi.fn() };
}
