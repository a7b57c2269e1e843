// The installed @shiptrack/cli: `shiptrack --version`, and `shiptrack --mock containers list`
// answering the JSON envelope with the demo containers in a pipe (no key, no network).
// Arguments, when given, are the command that runs the bin instead of the installed one
// (`node cli.mjs npx -y --package <tarball> shiptrack`, as the README's first line runs it).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const viaCommand = process.argv.length > 2;
const [command, ...prefix] = viaCommand
  ? process.argv.slice(2)
  : [join('node_modules', '.bin', 'shiptrack')];
const run = (args) =>
  execFileSync(command, [...prefix, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const version = run(['--version']).trim();
if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`shiptrack --version printed "${version}"`);
const envelope = JSON.parse(run(['--mock', 'containers', 'list', '--fields', 'id,number,status']));
if (envelope.ok !== true || !Array.isArray(envelope.data) || envelope.data.length === 0) {
  throw new Error(`shiptrack --mock containers list printed ${JSON.stringify(envelope)}`);
}
console.log(
  `cli ok${viaCommand ? ' (npx)' : ''}: ${version}, ${envelope.data.length} demo containers`,
);
