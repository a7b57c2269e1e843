/**
 * The mock as a separate process, started the way a CI job starts it
 * (`shiptrack-mock --port 0 --ready-file mock.json ...`, see README.md),
 * from this workspace's sources (no build needed): its URL and keys are read
 * from the ready file, as `SVC_API_BASE_URL` and `SVC_API_TOKEN` would carry
 * them.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `shiptrack-mock` bin's program, from this workspace's sources. */
const require = createRequire(import.meta.url);
const MOCK_CLI = fileURLToPath(import.meta.resolve('@shiptrack/mock-server')).replace(
  /index\.ts$/,
  'cli.ts',
);

/** A running mock process. */
export interface MockProcess {
  /** The REST base, ending in `/v2`. */
  url: string;
  /** Its origin, for the control API (`${origin}/_mock/...`). */
  origin: string;
  apiKeys: string[];
  /** Stops it (SIGTERM) and removes its folder. */
  stop(): Promise<void>;
}

/** Starts `shiptrack-mock --port 0 --ready-file <tmp>/mock.json <args>` and waits for it. */
export async function startMockProcess(args: string[]): Promise<MockProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mock-in-ci-'));
  const readyFile = join(dir, 'mock.json');
  const mock = spawn(
    process.execPath,
    [
      '--conditions=shiptrack-source',
      '--import',
      require.resolve('tsx'),
      MOCK_CLI,
      '--port',
      '0',
      '--ready-file',
      readyFile,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // The CLI prints its one JSON line after the ready file is in place.
  await once(mock.stdout ?? mock, 'data');
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as { url: string; apiKeys: string[] };
  return {
    url: ready.url,
    origin: new URL(ready.url).origin,
    apiKeys: ready.apiKeys,
    async stop() {
      if (mock.exitCode === null) {
        mock.kill('SIGTERM');
        await once(mock, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
