/**
 * What a release publishes, checked before one happens: each published
 * package's manifest and licence, and the MCP registry entry of
 * `@shiptrack/mcp` against its package. (The packed contents themselves are
 * checked by `scripts/check-pack-contents.ts` after a build, in
 * `pnpm check:packages`.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../packages/mcp/src/cli/settings.js';
import { helpText } from '../packages/ops/src/index.js';
import {
  type McpManifest,
  type ServerJson,
  serverJsonProblems,
  withVersion,
} from '../scripts/release/server-json.js';
import { repoRoot } from './support/spawned-start.js';

function readJson<T>(...path: string[]): T {
  return JSON.parse(readFileSync(join(repoRoot, ...path), 'utf8')) as T;
}

const published = readdirSync(join(repoRoot, 'packages'))
  .sort()
  .map((folder) => ({
    folder,
    manifest: readJson<{ name: string; private?: boolean; license?: string; files?: string[] }>(
      'packages',
      folder,
      'package.json',
    ),
  }))
  .filter(({ manifest }) => !manifest.private);

describe('published packages', () => {
  it('are the seven libraries and the CLI', () => {
    expect(published.map(({ manifest }) => manifest.name)).toEqual([
      '@shiptrack/cli',
      '@shiptrack/mcp',
      '@shiptrack/mcp-http',
      '@shiptrack/mirror',
      '@shiptrack/mock-server',
      '@shiptrack/ops',
      '@shiptrack/redis',
      '@shiptrack/sdk',
    ]);
  });

  it.each(published)(
    '$manifest.name ships its build and an MIT licence file',
    ({ folder, manifest }) => {
      expect(manifest.license).toBe('MIT');
      expect(readFileSync(join(repoRoot, 'packages', folder, 'LICENSE'), 'utf8')).toMatch(
        /^MIT License/,
      );
      // Only the build, committed bin launchers and the MCP server's Agent
      // Skills (read at run time and by agents from disk): no sources, no tests.
      const shipped = ['dist'];
      if (existsSync(join(repoRoot, 'packages', folder, 'bin'))) shipped.push('bin');
      if (existsSync(join(repoRoot, 'packages', folder, 'skills'))) shipped.push('skills');
      expect(manifest.files?.filter((entry) => !entry.startsWith('!')).sort()).toEqual(
        shipped.sort(),
      );
    },
  );
});

describe('the MCP registry entry (packages/mcp/server.json)', () => {
  const server = readJson<ServerJson>('packages', 'mcp', 'server.json');
  const manifest = readJson<McpManifest>('packages', 'mcp', 'package.json');

  it('agrees with the package: name, mcpName, exact version, npm over stdio', () => {
    expect(serverJsonProblems(server, manifest)).toEqual([]);
  });

  it('lists the environment variables the command reads, the key as a secret', () => {
    const variables = server.packages[0]?.environmentVariables ?? [];
    const help = helpText(COMMAND_LINE);
    for (const variable of variables) expect(help).toContain(variable.name);
    expect(variables.find((variable) => variable.name === 'SVC_API_TOKEN')).toMatchObject({
      isSecret: true,
    });
  });

  it('finds a version that drifted from the package, and the bump after changeset version fixes it', () => {
    const bumped = { ...manifest, version: '0.2.0' };
    expect(serverJsonProblems(server, bumped)).toEqual([
      `version ${server.version} must be the package's exact version 0.2.0`,
      `the npm package version ${server.version} is not 0.2.0`,
    ]);
    expect(serverJsonProblems(withVersion(server, '0.2.0'), bumped)).toEqual([]);
  });

  it('finds a name the registry would refuse and an mcpName that does not match', () => {
    const problems = serverJsonProblems({ ...server, name: 'shiptrack' }, manifest);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('is not "<reverse-DNS namespace>/<name>"');
    expect(problems[1]).toContain('must equal server.json name');
  });
});
