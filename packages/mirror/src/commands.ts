/**
 * `@shiptrack/mirror/commands`: the `serve | sync | status` commands of the
 * `shiptrack-mirror` bin as a function, for command lines that offer them
 * (`shiptrack mirror ...` of @shiptrack/cli).
 */
export {
  MIRROR_EXIT_CODES,
  type MirrorCommandIo,
  runMirrorCommand,
  type StopSignal,
} from './cli/command.js';
