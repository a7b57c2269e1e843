// The installed @shiptrack/mirror: its library entry from ESM and CommonJS (an embedded PGlite
// in memory, migrated, a signed delivery stored) and its bin (`shiptrack-mirror status`).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createMirror } from '@shiptrack/mirror';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';

const { createMirror: fromRequire } = createRequire(import.meta.url)('@shiptrack/mirror');
if (typeof fromRequire !== 'function')
  throw new Error('@shiptrack/mirror (CommonJS) does not export createMirror');

const mirror = await createMirror({ database: 'memory:' });
const body = JSON.stringify({
  data: {
    id: 'smoke-n1',
    type: 'webhook_notification',
    attributes: { event: 'container.updated', created_at: '2025-03-01T00:00:00Z' },
  },
  included: [
    {
      id: 'smoke-c1',
      type: 'container',
      attributes: { number: 'MSCU1234566', current_status: 'on_ship' },
    },
  ],
});
const response = await mirror.webhookHandler({ secret: 'smoke' })(
  new Request('http://smoke/webhooks', {
    method: 'POST',
    headers: { [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, 'smoke') },
    body,
  }),
);
if (response.status !== 200) throw new Error(`the mirror answered ${response.status}`);
if ((await mirror.status()).records.containers !== 1)
  throw new Error('the delivery was not stored');
await mirror.close();

const status = JSON.parse(
  execFileSync(
    join('node_modules', '.bin', 'shiptrack-mirror'),
    ['status', '--database', 'memory:'],
    { encoding: 'utf8' },
  ),
);
if (status.database !== 'pglite')
  throw new Error(`shiptrack-mirror status printed ${JSON.stringify(status)}`);
console.log(
  `mirror ok: library (ESM, CommonJS), a delivery stored, shiptrack-mirror status (schema ${status.schemaVersion})`,
);
