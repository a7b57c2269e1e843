/**
 * A real `redis-server` for tests and benchmarks: started on a free loopback
 * port without persistence, stopped (or killed and restarted on the same
 * port, to test outages) by the caller. When the binary is missing, tests
 * skip with {@link REDIS_SERVER_MISSING}.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './free-port.js';

/** Whether `redis-server` can be run from PATH. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** What a skipped test says. */
export const REDIS_SERVER_MISSING =
  'redis-server is not installed, so the Redis tests are skipped: install it with `apt-get install -y redis-server` (Debian, Ubuntu; .ci/run does) or `brew install redis`';

/** A redis-server started by {@link startRedisServer}. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Kills the server at once (SIGKILL): clients see a dead Redis. Its data is lost. */
  kill(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, data is kept. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT): it answers what it was sent meanwhile. */
  resume(): void;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops it (idempotent). */
  stop(): Promise<void>;
}

/** Spawns redis-server on `port`; resolves once it logs that it accepts connections. */
function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Starts redis-server on a free loopback port, without persistence (`--save '' --appendonly no`). */
export async function startRedisServer(): Promise<RedisServer> {
  let port = await freePort();
  let child: ChildProcess;
  try {
    child = await spawnRedis(port);
  } catch {
    // Another process took the port between the probe and the start: try one more.
    port = await freePort();
    child = await spawnRedis(port);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => stopped(child, 'SIGKILL'),
    pause: () => {
      child.kill('SIGSTOP');
    },
    resume: () => {
      child.kill('SIGCONT');
    },
    restart: async () => {
      await stopped(child, 'SIGKILL');
      child = await spawnRedis(port);
    },
    stop: async () => {
      child.kill('SIGCONT');
      await stopped(child, 'SIGTERM');
    },
  };
}
