/** The bin's entry: runs `main` on this process and exits with its code once stdout has drained. */
import type { Io } from './context.js';
import { main } from './main.js';

// `shiptrack ... | head` closes the pipe early: that ends the run quietly, as in other tools.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const io: Io = {
  out: process.stdout,
  err: process.stderr,
  // Read only by `login`: opening stdin on every start would cost every other command.
  get in() {
    return process.stdin;
  },
  env: process.env,
  process,
};

main(process.argv.slice(2), io)
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(
      `shiptrack: error: unexpected failure (${error instanceof Error ? error.message : String(error)}); please report it.\n`,
    );
    process.exitCode = 1;
  });
