/**
 * Builds a package (and the workspace packages it depends on) before a
 * benchmark runs its bundle or reads its declarations: what an earlier
 * build left would be measured, and recorded against the code of this
 * checkout.
 */
import { spawnSync } from 'node:child_process';

/** Runs `pnpm --filter <name>... build`; throws when it fails. */
export function buildWithDependencies(name: string): void {
  console.error(`Building ${name} and what it depends on, so the figures are of this checkout...`);
  const built = spawnSync('pnpm', ['--filter', `${name}...`, 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`pnpm --filter ${name}... build failed`);
}

/** Runs `pnpm --filter <name> build` (the package alone); throws when it fails. */
export function buildPackage(name: string): void {
  console.error(`Building ${name}, so the figures are of this checkout...`);
  const built = spawnSync('pnpm', ['--filter', name, 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`pnpm --filter ${name} build failed`);
}
