/**
 * The reference of the CLI's list benchmark (`cli.bench.ts`): the same SDK
 * call as `shiptrack containers list --page-size 100 --json`, written to
 * stdout as the same envelope, with nothing of the CLI around it.
 */
import { createClient } from '@shiptrack/sdk';

// No top-level await: the bundle is CommonJS, like the CLI's.
void createClient()
  .containers.list({ pageSize: 100 })
  .then((page) => {
    process.stdout.write(`${JSON.stringify({ ok: true, data: page.data }, null, 2)}\n`);
  });
