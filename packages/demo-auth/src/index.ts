/**
 * @shiptrack/demo-auth (private): a real OAuth 2.1 authorization server
 * (oidc-provider) for the hosted MCP endpoint's tests and the demo.
 */
export type { ResourcePolicy } from './provider.js';
export {
  type RunningDemoAuthServer,
  type StartDemoAuthServerOptions,
  startDemoAuthServer,
} from './server.js';
export type { TestTokenClaims } from './test-tokens.js';
export { DEMO_USERS, type DemoUser, demoSubjectKeys } from './users.js';
