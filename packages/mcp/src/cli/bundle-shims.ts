/**
 * Replaces the MCP SDK's Node shims in the bundled bin only (see
 * tsup.config.ts): the same `process`, and the SDK's lighter
 * `@cfworker/json-schema` validator instead of Ajv (it validates only
 * elicitation answers here), which keeps about 300 kB out of the file that
 * `npx` starts.
 */

export { default as process } from 'node:process';
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
