/** The bin's entry: runs `main` on this process and exits with its code once stdout has drained. */
import { main } from './main.js';

// `shiptrack ... | head` closes the pipe early: that ends the run quietly, as in other tools.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2), { out: process.stdout, err: process.stderr, env: process.env })
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(
      `shiptrack: error: unexpected failure (${error instanceof Error ? error.message : String(error)}); please report it.\n`,
    );
    process.exitCode = 1;
  });
