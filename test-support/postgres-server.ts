/**
 * A real PostgreSQL server for tests and benchmarks: Debian's `postgresql`
 * binaries, a fresh cluster in a temp directory on a free loopback port
 * (trust authentication, no fsync: the OS keeps what a killed server wrote), one database per test. PostgreSQL
 * refuses to run as root, so under root (CI containers) it runs as the
 * `postgres` system user through `setpriv`. When the binaries are missing,
 * tests skip with {@link POSTGRES_SERVER_MISSING}.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/** The directory of the newest installed PostgreSQL's binaries, or `undefined`. */
function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? join(path, '..') : undefined;
}

const binaries = findBinaries();
const isRoot = process.getuid?.() === 0;
/** The system user the server runs as under root. */
const systemUser = isRoot ? userIds('postgres') : undefined;

function userIds(name: string): { uid: number; gid: number } | undefined {
  const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  const line = passwd.split('\n').find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid === undefined || gid === undefined
    ? undefined
    : { uid: Number(uid), gid: Number(gid) };
}

/** Whether a PostgreSQL server can be started here. */
export const hasPostgresServer = binaries !== undefined && (!isRoot || systemUser !== undefined);

/** What a skipped test says. */
export const POSTGRES_SERVER_MISSING =
  'PostgreSQL is not installed, so the PostgreSQL tests are skipped: install it with `apt-get install -y postgresql` (Debian, Ubuntu; .ci/run does) or `brew install postgresql`';

/** A PostgreSQL server started by {@link startPostgresServer}. */
export interface PostgresServer {
  readonly port: number;
  /** Creates an empty database and answers its `postgres://` URL. */
  createDatabase(name?: string): Promise<string>;
  /** Kills the server at once (SIGKILL to the postmaster and its backends); its data stays on disk. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops it and removes its directory (idempotent). */
  stop(): Promise<void>;
}

/** Runs a PostgreSQL binary, as the `postgres` user under root. */
function command(program: string, args: string[]): [string, string[]] {
  const path = join(binaries ?? '', program);
  if (systemUser === undefined) return [path, args];
  return [
    'setpriv',
    [`--reuid=${systemUser.uid}`, `--regid=${systemUser.gid}`, '--clear-groups', path, ...args],
  ];
}

function spawnPostgres(dataDir: string, port: number): Promise<ChildProcess> {
  const [program, args] = command('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dataDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=100',
  ]);
  // A process group of its own, so that a kill reaches the backends too (see killed()).
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`postgres exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

/**
 * The server killed as a crash or a power cut would: the postmaster and every
 * backend at once. SIGKILL of the postmaster alone leaves its backends
 * serving the connections they hold until they notice, which on a busy
 * machine can be after the test's next query. Resolves once none is left.
 */
async function killed(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined) return;
  const exit = exited(child, 'SIGKILL');
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  await exit;
  // A killed backend may stay a zombie when nothing reaps it (a container's init); only a running one matters.
  while (runningInGroup(group)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Whether a process of the group still runs (Linux: /proc/<pid>/stat, zombies left out). */
function runningInGroup(group: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command's closing parenthesis: state, ppid, pgrp.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') return true;
  }
  return false;
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Creates a cluster in a temp directory and starts PostgreSQL on a free loopback port. */
export async function startPostgresServer(): Promise<PostgresServer> {
  if (!hasPostgresServer) throw new Error(POSTGRES_SERVER_MISSING);
  const home = mkdtempSync(join(tmpdir(), 'shiptrack-pg-'));
  const dataDir = join(home, 'data');
  if (systemUser !== undefined) chownSync(home, systemUser.uid, systemUser.gid);
  const [program, args] = command('initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const init = spawnSync(program, args, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}${init.stdout}`);
  let port = await freePort();
  let child: ChildProcess;
  try {
    child = await spawnPostgres(dataDir, port);
  } catch {
    port = await freePort();
    child = await spawnPostgres(dataDir, port);
  }
  let databases = 0;
  const admin = () =>
    new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  return {
    port,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      const client = admin();
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    kill: () => killed(child),
    async restart() {
      await killed(child);
      rmSync(join(dataDir, 'postmaster.pid'), { force: true });
      child = await spawnPostgres(dataDir, port);
    },
    async stop() {
      await exited(child, 'SIGINT');
      rmSync(home, { recursive: true, force: true });
    },
  };
}
