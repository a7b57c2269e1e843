/**
 * `pnpm test`: every check CI runs, each step run even when an earlier one
 * failed (only the steps that need the build wait for it), then one table of
 * what passed, failed or could not run, and an exit code that is non-zero
 * when anything failed. Light steps run side by side with their output held
 * until each ends; the test suite prints as it goes.
 *
 *   tsx scripts/test.ts
 */
import { spawn } from 'node:child_process';

/** One `pnpm run` script of the check. */
interface Step {
  script: string;
  /** Steps that cannot run without a build. */
  needsBuild?: boolean;
}

/** Steps that run side by side; a stage of one step prints as it runs. */
const STAGES: readonly (readonly Step[])[] = [
  [
    { script: 'lint' },
    { script: 'spec:lint' },
    { script: 'generate:check' },
    { script: 'lint:workflows' },
  ],
  [{ script: 'typecheck' }, { script: 'build' }],
  [{ script: 'test:unit', needsBuild: true }],
  [{ script: 'docs' }, { script: 'check:built', needsBuild: true }],
];

type Outcome = 'passed' | 'failed' | 'not run (the build failed)';

interface StepResult {
  script: string;
  outcome: Outcome;
  seconds: number;
}

/** Runs `pnpm run <script>`; its output goes through, or is held and printed at its end. */
function runStep(script: string, hold: boolean): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', script], {
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32',
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    const finish = (passed: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      if (hold) {
        process.stdout.write(`\n── pnpm ${script} (${seconds.toFixed(0)} s) ──\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ script, outcome: passed ? 'passed' : 'failed', seconds });
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}

const results: StepResult[] = [];
for (const stage of STAGES) {
  const buildFailed = results.some((r) => r.script === 'build' && r.outcome !== 'passed');
  const runnable = stage.filter((step) => !(step.needsBuild && buildFailed));
  for (const step of stage) {
    if (!runnable.includes(step)) {
      results.push({ script: step.script, outcome: 'not run (the build failed)', seconds: 0 });
    }
  }
  const hold = runnable.length > 1;
  results.push(...(await Promise.all(runnable.map((step) => runStep(step.script, hold)))));
}

const width = Math.max(...results.map((r) => r.script.length));
console.log('\npnpm test:');
for (const result of results) {
  const mark = result.outcome === 'passed' ? 'ok  ' : 'FAIL';
  const time = result.outcome.startsWith('not run') ? '' : ` ${result.seconds.toFixed(0)} s`;
  console.log(`  ${mark} ${result.script.padEnd(width)}${time}  ${result.outcome}`);
}
const failed = results.filter((r) => r.outcome !== 'passed');
console.log(
  failed.length === 0
    ? 'every check passed'
    : `${failed.length} of ${results.length} checks did not pass: ${failed.map((r) => r.script).join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
