import { afterAll, expect, it } from 'vitest';
import { connect, startMockService } from './harness.js';

const service = startMockService();
afterAll(() => service.mock.dispose());

it('matches the reviewed snapshot of the tool list (names, schemas, annotations)', async () => {
  const connection = await connect({ client: service.client() });
  try {
    const { tools } = await connection.client.listTools();
    // A change to any tool shows up as a diff of this file, to be reviewed like code.
    await expect(`${JSON.stringify(tools, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/tool-list.json',
    );
  } finally {
    await connection.close();
  }
});
