/**
 * The commands the container recipes run, run outside a container: each
 * service of compose.yaml that builds one of deploy/*.Dockerfile is started
 * as its image would start it (the final stage's ENV and ENTRYPOINT, the
 * service's command and environment, in the folder that is the image's
 * /app), with PostgreSQL, redis-server and free ports of this machine in
 * place of the compose network. Its HEALTHCHECK command must then pass,
 * `/readyz` answer 200, `migrate` and `sync` do their work, and SIGTERM
 * stop each server with 0. No image is built here: this machine cannot.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices, readRecipe, root } from '../scripts/deploy/files.js';
import { requireBuilt } from '../test-support/built.js';
import { eventually } from '../test-support/eventually.js';
import { freePort } from '../test-support/free-port.js';
import {
  hasPostgresServer,
  type PostgresServer,
  startPostgresServer,
} from '../test-support/postgres-server.js';
import {
  hasRedisServer,
  type RedisServer,
  startRedisServer,
} from '../test-support/redis-server.js';

/** The folder that is each image's /app: `pnpm deploy` of that package. */
const APP_DIRS: Record<string, string> = {
  'deploy/mcp-http.Dockerfile': 'packages/mcp-http',
  'deploy/mirror.Dockerfile': 'deploy/mirror',
  'deploy/mock.Dockerfile': 'packages/mock-server',
};

interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const services = composeServices();
const running: Started[] = [];

/** The Dockerfile a compose service builds. */
function dockerfileOf(name: string): string {
  const file = services[name]?.build?.dockerfile;
  if (file === undefined) throw new Error(`${name} builds no image`);
  return file;
}

/** Node, as the image's ENTRYPOINT names it (`node ...`), with the service's command. */
function argvOf(name: string, argsOverride?: (args: string[]) => string[]): string[] {
  const recipe = readRecipe(dockerfileOf(name));
  const [program, ...entry] = recipe.entrypoint;
  expect(program).toBe('node');
  const args = [...entry, ...(services[name]?.command ?? recipe.cmd)];
  return argsOverride ? argsOverride(args) : args;
}

/**
 * Compose's interpolation of `${NAME:-default}` and `${NAME:?message}`, from
 * `given` (what an operator would have exported).
 */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+):([-?])([^}]*)\}/g,
    (_match, name: string, kind: string, rest: string) => {
      const set = given[name];
      if (set !== undefined && set !== '') return set;
      if (kind === '-') return rest;
      throw new Error(`compose would refuse to start: ${rest}`);
    },
  );
}

/** The image's ENV, then the service's environment with the compose network's names replaced. */
function envOf(name: string, replace: Record<string, string>, extra: Record<string, string>) {
  const recipe = readRecipe(dockerfileOf(name));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...recipe.env,
  };
  for (const [key, value] of Object.entries(services[name]?.environment ?? {})) {
    const named = Object.entries(replace).reduce(
      (text, [from, to]) => text.replace(from, to),
      value,
    );
    env[key] = interpolate(named, extra);
  }
  return { ...env, ...extra };
}

/** Starts a service's command in its image's /app folder. */
function start(name: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: join(root, APP_DIRS[dockerfileOf(name)] ?? ''),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let all = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  const started = {
    child,
    output: () => all,
    exited: once(child, 'exit').then(([code]) => code as number | null),
  };
  running.push(started);
  return started;
}

/** Runs the image's HEALTHCHECK command with the service's environment: its exit code. */
function healthcheck(
  name: string,
  env: Record<string, string>,
  edit: (arg: string) => string = (arg) => arg,
): number | null {
  const [program, ...args] = readRecipe(dockerfileOf(name)).healthcheck ?? [];
  expect(program).toBe('node');
  return spawnSync(process.execPath, args.map(edit), { env, timeout: 20_000 }).status;
}

describe.skipIf(!hasPostgresServer || !hasRedisServer)(
  'the recipes commands outside a container (skipped without PostgreSQL and redis-server)',
  () => {
    let postgres: PostgresServer;
    let redis: RedisServer;
    const replace: Record<string, string> = {};

    beforeAll(async () => {
      for (const output of [
        'packages/mcp-http/dist/launch.cjs',
        'packages/mirror/dist/launch.cjs',
        'packages/mock-server/dist/launch.cjs',
      ]) {
        requireBuilt({ output, sources: [`${output.split('/dist/')[0]}/src`] });
      }
      postgres = await startPostgresServer();
      redis = await startRedisServer();
      replace['postgres://mirror:mirror@postgres:5432/mirror'] = await postgres.createDatabase();
      replace['redis://redis:6379'] = redis.url;
    });

    afterAll(async () => {
      for (const started of running) started.child.kill('SIGKILL');
      await postgres?.stop();
      await redis?.stop();
    });

    it('serves the mock as its image does, healthy by its HEALTHCHECK', async () => {
      const port = String(await freePort());
      const mock = start(
        'mock',
        argvOf('mock', (args) => args.map((arg) => (arg === '4010' ? port : arg))),
        envOf('mock', {}, {}),
      );
      replace['http://mock:4010'] = `http://127.0.0.1:${port}`;
      // Its CMD and HEALTHCHECK name port 4010: here a free port in both.
      const onPort = (arg: string) => arg.replace('4010', port);
      await eventually(() => expect(healthcheck('mock', {}, onPort), mock.output()).toBe(0));
      expect(healthcheck('mock', {}, (arg) => arg.replace('4010', '9'))).toBe(1);
    });

    it('migrates, then serves with --no-migrate and syncs, as the mirror services do', async () => {
      const migrate = start(
        'mirror-migrate',
        argvOf('mirror-migrate'),
        envOf('mirror-migrate', replace, {}),
      );
      expect(await migrate.exited, migrate.output()).toBe(0);
      expect(migrate.output()).toContain('"msg":"migrated"');

      const ports = {
        SVC_MIRROR_PORT: String(await freePort()),
        SVC_MIRROR_METRICS_PORT: String(await freePort()),
      };
      const serveEnv = envOf('mirror', replace, {
        ...ports,
        SVC_MIRROR_WEBHOOK_SECRET: 'whsec-deploy',
      });
      const serve = start('mirror', argvOf('mirror'), serveEnv);
      await eventually(() => expect(healthcheck('mirror', serveEnv), serve.output()).toBe(0));
      const ready = await fetch(`http://127.0.0.1:${ports.SVC_MIRROR_METRICS_PORT}/readyz`);
      expect(ready.status).toBe(200);

      const syncEnv = envOf('mirror-sync', replace, {
        SVC_MIRROR_METRICS_PORT: String(await freePort()),
      });
      expect(syncEnv.SVC_API_TOKEN).toMatch(/^st_demo_/);
      const sync = start('mirror-sync', argvOf('mirror-sync'), syncEnv);
      await eventually(() => expect(sync.output()).toContain('"msg":"synced"'));
      sync.child.kill('SIGTERM');
      serve.child.kill('SIGTERM');
      expect(await sync.exited, sync.output()).toBe(0);
      expect(await serve.exited, serve.output()).toBe(0);
      expect(serve.output()).not.toContain('whsec-deploy');
    });

    it('serves MCP with Redis and the mirror, healthy and ready, as the mcp-http service does', async () => {
      const ports = {
        SVC_MCP_PORT: String(await freePort()),
        SVC_MCP_METRICS_PORT: String(await freePort()),
      };
      const env = envOf('mcp-http', replace, ports);
      env.SVC_MCP_PUBLIC_URL = `http://localhost:${ports.SVC_MCP_PORT}/mcp`;
      const server = start('mcp-http', argvOf('mcp-http'), env);
      await eventually(() => expect(healthcheck('mcp-http', env), server.output()).toBe(0));
      await eventually(async () => {
        const ready = await fetch(`http://127.0.0.1:${ports.SVC_MCP_METRICS_PORT}/readyz`);
        expect(ready.status, await ready.text()).toBe(200);
      });
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    });
  },
);
