/**
 * The MCP registry's description of `@shiptrack/mcp` (`packages/mcp/server.json`):
 * its shape as far as this project fills it in, what must agree with the
 * package's manifest, and the version bump that follows `changeset version`.
 */

/** An environment variable the server reads, as the registry lists it. */
export interface ServerJsonVariable {
  name: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
}

/** One way to install the server (here: the npm package). */
export interface ServerJsonPackage {
  registryType: string;
  identifier: string;
  version: string;
  runtimeHint?: string;
  transport: { type: string };
  environmentVariables?: ServerJsonVariable[];
}

/** The fields of `server.json` this project uses. */
export interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: ServerJsonPackage[];
}

/** The parts of the package's manifest `server.json` must agree with. */
export interface McpManifest {
  name: string;
  version: string;
  mcpName?: string;
}

/** The registry's rules for a server name: reverse-DNS namespace, one slash. */
const SERVER_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
/** An exact version: the registry refuses ranges and `latest`. */
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** What is wrong with `server` for `manifest`; empty when nothing is. */
export function serverJsonProblems(server: ServerJson, manifest: McpManifest): string[] {
  const problems: string[] = [];
  if (!server.$schema.startsWith('https://static.modelcontextprotocol.io/schemas/')) {
    problems.push('$schema is not a schema of the MCP registry');
  }
  if (!SERVER_NAME.test(server.name) || server.name.length > 200) {
    problems.push(`name "${server.name}" is not "<reverse-DNS namespace>/<name>"`);
  }
  if (manifest.mcpName !== server.name) {
    problems.push(
      `package.json mcpName (${String(manifest.mcpName)}) must equal server.json name (${server.name}): the registry checks it on npm`,
    );
  }
  if (server.description.length < 1 || server.description.length > 100) {
    problems.push(`description must be 1 to 100 characters (${server.description.length})`);
  }
  if (!EXACT_VERSION.test(server.version) || server.version !== manifest.version) {
    problems.push(
      `version ${server.version} must be the package's exact version ${manifest.version}`,
    );
  }
  const npm = server.packages.find((entry) => entry.registryType === 'npm');
  if (!npm) return [...problems, 'no npm package is listed'];
  if (npm.identifier !== manifest.name) {
    problems.push(`the npm package is ${npm.identifier}, not ${manifest.name}`);
  }
  if (npm.version !== manifest.version) {
    problems.push(`the npm package version ${npm.version} is not ${manifest.version}`);
  }
  if (npm.transport.type !== 'stdio') problems.push('the npm package must run over stdio');
  return problems;
}

/** `server` with the version of the package (after `changeset version`). */
export function withVersion(server: ServerJson, version: string): ServerJson {
  return {
    ...server,
    version,
    packages: server.packages.map((entry) => ({ ...entry, version })),
  };
}
