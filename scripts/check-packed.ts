/**
 * Installs the packed packages the way a user gets them (`pnpm pack`, then
 * `npm install` of the tarballs into an empty project) and runs them from
 * ESM, from CommonJS and through the `shiptrack-mock` bin. publint and
 * arethetypeswrong check the package metadata and types; this checks that
 * the built code runs. Expects `pnpm build` to have run. Needs the npm
 * registry for the packages' own dependencies.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const packages = ['packages/sdk', 'packages/mock-server'];

/** Runs a command in a folder and fails loudly with its output. */
function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

/** Script run as ESM: the SDK against the mock on a real port, webhooks, and msw in process. */
const esmSmoke = `
import { createClient, signPayload, verifySignature } from '@shiptrack/sdk';
import { MappedContainerSchema } from '@shiptrack/sdk/mapped';
import { createMockServer, DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createMswHandlers } from '@shiptrack/mock-server/msw';
import { setupServer } from 'msw/node';

const service = await startMockServer({ port: 0 });
try {
  const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url });
  const page = await client.containers.list({ include: ['shipment'] });
  if (page.data.length === 0) throw new Error('no containers over HTTP');
  MappedContainerSchema.parse(page.data[0]);
  const signature = await signPayload('{"a":1}', 'whsec_x');
  if (!(await verifySignature('{"a":1}', signature, 'whsec_x'))) throw new Error('signature');
} finally {
  await service.close();
}

const mock = createMockServer();
const msw = setupServer(...createMswHandlers(mock, { baseUrl: 'https://api.example.test/v2' }));
msw.listen({ onUnhandledRequest: 'error' });
try {
  const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: 'https://api.example.test/v2', format: 'raw' });
  const shipments = await client.shipments.list();
  if (shipments.data[0]?.type !== 'shipment') throw new Error('no shipments through msw');
} finally {
  msw.close();
  mock.dispose();
}
console.log('esm ok');
`;

/** Script run as CommonJS: require() of both packages. */
const cjsSmoke = `
const { createClient, isValidContainerNumber } = require('@shiptrack/sdk');
const { MappedShipmentSchema } = require('@shiptrack/sdk/mapped');
const { DEMO_API_KEY, startMockServer } = require('@shiptrack/mock-server');
(async () => {
  const service = await startMockServer({ port: 0 });
  try {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: service.url });
    const page = await client.shipments.list();
    MappedShipmentSchema.parse(page.data[0]);
    if (!isValidContainerNumber('MSCU1451670')) throw new Error('check digit');
  } finally {
    await service.close();
  }
  console.log('cjs ok');
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Starts the installed bin, reads its one JSON line, and stops it. */
function checkBin(project: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(project, 'node_modules', '.bin', 'shiptrack-mock'), ['--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shiptrack-mock printed no line in 20 s\n${stderr}`));
    }, 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline === -1) return;
      clearTimeout(timer);
      const started = JSON.parse(stdout.slice(0, newline)) as { url?: unknown };
      child.kill('SIGTERM');
      if (typeof started.url === 'string' && started.url.endsWith('/v2')) resolve();
      else reject(new Error(`unexpected first line: ${stdout}`));
    });
    child.on('error', reject);
  });
}

const work = mkdtempSync(join(tmpdir(), 'shiptrack-packed-'));
try {
  for (const dir of packages) run('pnpm', ['pack', '--pack-destination', work], dir);
  const tarballs = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  const project = join(work, 'app');
  run('mkdir', ['-p', project], work);
  writeFileSync(join(project, 'package.json'), '{ "name": "packed-check", "private": true }\n');
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...tarballs.map((t) => join(work, t)),
      'msw@^2',
    ],
    project,
  );
  writeFileSync(join(project, 'esm.mjs'), esmSmoke);
  writeFileSync(join(project, 'cjs.cjs'), cjsSmoke);
  process.stdout.write(run('node', ['esm.mjs'], project));
  process.stdout.write(run('node', ['cjs.cjs'], project));
  await checkBin(project);
  console.log('bin ok: packed packages install and run from ESM, CommonJS and the CLI');
} finally {
  rmSync(work, { recursive: true, force: true });
}
