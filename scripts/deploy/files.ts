/**
 * The deployment files (deploy/*.Dockerfile, compose.yaml) read as data:
 * each Dockerfile's final stage (its ENV, WORKDIR, ENTRYPOINT, CMD and
 * HEALTHCHECK), and the compose services. `pnpm lint:deploy` checks them and
 * test/deploy.test.ts runs their commands outside a container.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

/** The repository's root. */
export const root = resolve(new URL('../..', import.meta.url).pathname);

/** What the final stage of a Dockerfile runs. */
export interface ImageRecipe {
  /** `deploy/<name>.Dockerfile`. */
  readonly file: string;
  readonly env: Readonly<Record<string, string>>;
  readonly workdir: string;
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  /** The HEALTHCHECK's command (exec form), or `undefined` when there is none. */
  readonly healthcheck: readonly string[] | undefined;
  /** The USER of the final stage. */
  readonly user: string | undefined;
  /** How many stages (`FROM` lines) it has. */
  readonly stages: number;
}

/** A compose service as the checks read it. */
export interface ComposeService {
  readonly build?: { context: string; dockerfile: string };
  readonly image?: string;
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly depends_on?: Readonly<Record<string, { condition: string }>>;
  readonly healthcheck?: { test: readonly string[] };
}

/** The Dockerfiles of deploy/. */
export function dockerfiles(): string[] {
  return readdirSync(join(root, 'deploy'))
    .filter((name) => name.endsWith('.Dockerfile'))
    .map((name) => `deploy/${name}`);
}

/** The instructions of a Dockerfile, continuation lines joined, comments left out. */
function instructions(text: string): { keyword: string; rest: string }[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const space = line.search(/\s/);
      return { keyword: line.slice(0, space).toUpperCase(), rest: line.slice(space + 1).trim() };
    });
}

/** An exec-form (JSON array) argument; the recipes use no shell form. */
function execForm(file: string, keyword: string, rest: string): string[] {
  const parsed: unknown = JSON.parse(rest);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(`${file}: ${keyword} must be in exec form (a JSON array of strings)`);
  }
  return parsed;
}

/** Reads the final stage of `file`. */
export function readRecipe(file: string): ImageRecipe {
  const all = instructions(readFileSync(join(root, file), 'utf8'));
  const stages = all.filter((instruction) => instruction.keyword === 'FROM').length;
  const lastFrom = all.map((instruction) => instruction.keyword).lastIndexOf('FROM');
  const env: Record<string, string> = {};
  let workdir = '/';
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  let healthcheck: string[] | undefined;
  let user: string | undefined;
  for (const { keyword, rest } of all.slice(lastFrom + 1)) {
    if (keyword === 'ENV') {
      for (const pair of rest.split(/\s+/)) {
        const [name, ...value] = pair.split('=');
        if (name) env[name] = value.join('=');
      }
    } else if (keyword === 'WORKDIR') workdir = rest;
    else if (keyword === 'ENTRYPOINT') entrypoint = execForm(file, keyword, rest);
    else if (keyword === 'CMD') cmd = execForm(file, keyword, rest);
    else if (keyword === 'USER') user = rest;
    else if (keyword === 'HEALTHCHECK') {
      const at = rest.indexOf('CMD ');
      healthcheck = at < 0 ? undefined : execForm(file, keyword, rest.slice(at + 4));
    }
  }
  return { file, env, workdir, entrypoint, cmd, healthcheck, user, stages };
}

/** The services of compose.yaml. */
export function composeServices(): Record<string, ComposeService> {
  const document = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as {
    services?: Record<string, ComposeService>;
  };
  return document.services ?? {};
}
