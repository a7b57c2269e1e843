import type { Context } from 'hono';
import type { AppEnv } from './env.js';

/** One endpoint of the control API (path relative to `/_mock`). */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  handle(c: Context<AppEnv>): Response | Promise<Response>;
}
