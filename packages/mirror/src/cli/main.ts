#!/usr/bin/env node
/** The `shiptrack-mirror` bin: {@link runMirrorCommand} on this process. */
import { runMirrorCommand } from './command.js';

runMirrorCommand(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  env: process.env,
}).then((code) => process.exit(code));
