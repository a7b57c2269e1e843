/**
 * The demo login's users. Each signs in to one of the mock service's demo
 * accounts; the printed passwords are intended (this server is a demo).
 */
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';

/** A user of the demo login and the shiptrack account it acts for. */
export interface DemoUser {
  /** The token's `sub`. */
  readonly id: string;
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly email: string;
  /** API key of the mock account this user works in (what the MCP host maps `sub` to). */
  readonly apiKey: string;
}

/** Ada (Acme Imports, route enabled) and Lin (Globex Logistics), password `demo`. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'user-ada-okafor',
    username: 'ada',
    password: 'demo',
    name: 'Ada Okafor (Acme Imports)',
    email: 'ada.okafor@acme.example',
    apiKey: DEMO_API_KEY,
  },
  {
    id: 'user-lin-moreau',
    username: 'lin',
    password: 'demo',
    name: 'Lin Moreau (Globex Logistics)',
    email: 'lin.moreau@globex.example',
    apiKey: DEMO_SECOND_API_KEY,
  },
];

/** The map a host needs to turn the demo's tokens into REST credentials: `sub` -> API key. */
export function demoSubjectKeys(users: readonly DemoUser[] = DEMO_USERS): Record<string, string> {
  return Object.fromEntries(users.map((user) => [user.id, user.apiKey]));
}
