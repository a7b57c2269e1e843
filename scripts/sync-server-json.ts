/**
 * After `changeset version`: writes the version of `@shiptrack/mcp` into its
 * `server.json` (the MCP registry entry), so both name one release.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type McpManifest, type ServerJson, withVersion } from './release/server-json.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'mcp');
const serverPath = join(packageDir, 'server.json');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as McpManifest;
const server = JSON.parse(readFileSync(serverPath, 'utf8')) as ServerJson;
writeFileSync(serverPath, `${JSON.stringify(withVersion(server, manifest.version), null, 2)}\n`);
console.log(`packages/mcp/server.json: version ${manifest.version}`);
