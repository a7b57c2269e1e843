/**
 * Which of the stack's ports are taken, all found before anything starts,
 * so that `pnpm start` names every busy port in one report rather than one
 * per attempt.
 */
import { createServer } from 'node:net';
import { PORT_SETTINGS, type StackPart } from './options.js';

/** Whether nothing can listen on 127.0.0.1:`port` now (0, a free port, never is). */
function taken(port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/** The parts whose port is in use, in the order of `ports`. */
export async function busyParts(ports: Record<StackPart, number>): Promise<StackPart[]> {
  const parts = Object.keys(ports) as StackPart[]; // Safe: the keys of a Record<StackPart, _>.
  const busy = await Promise.all(parts.map((part) => taken(ports[part])));
  return parts.filter((_, i) => busy[i]);
}

/** One report of every busy port: a line each with the flag and variable that change it. */
export function busyPortsMessage(
  busy: readonly StackPart[],
  ports: Record<StackPart, number>,
): string {
  const lines = busy.map((part) => {
    const { flag, env, what } = PORT_SETTINGS[part];
    return `Port ${ports[part]} (${what}) is already in use: pnpm start ${flag} <n> (or ${env}=<n>)`;
  });
  return [
    ...lines,
    `Perhaps another \`pnpm start\` is running: stop it, or pick other ${busy.length > 1 ? 'ports' : 'port'} (0 picks a free one).`,
  ].join('\n');
}
