/**
 * The example against the stack of `pnpm start` (free ports): the client is
 * refused with 401, discovers the demo authorization server, registers,
 * and a scripted browser signs in on the real sign-in page and follows the
 * redirect to the example's loopback callback; the client then calls tools
 * as the user who signed in, in that user's account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../packages/mcp-http/test/support/browser.js';
import type { RunningStack } from '../../../scripts/start/stack.js';
import { startQuietStack } from '../../../test/support/quiet-stack.js';
import { connectWithOAuth } from '../src/connect.js';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startQuietStack();
});
afterAll(() => stack?.close());

/** A browser that signs in as `username` and follows the redirect back to the client. */
function browserSigningInAs(username: string) {
  const visits: Promise<void>[] = [];
  return {
    visits,
    open: (url: URL) => {
      // A browser runs beside the client: the sign-in is not awaited here.
      visits.push(
        (async () => {
          const redirectUri = url.searchParams.get('redirect_uri') ?? '';
          const result = await signIn(url, { username, password: 'demo' }, redirectUri);
          if (!result.callbackUrl) throw new Error(`sign-in stopped: ${result.page?.body}`);
          const page = await fetch(result.callbackUrl);
          expect(await page.text()).toContain('Signed in');
        })(),
      );
    },
  };
}

async function containerNumbers(username: string): Promise<string> {
  const browser = browserSigningInAs(username);
  const { client, close } = await connectWithOAuth(new URL(stack.mcpUrl), {
    openBrowser: browser.open,
  });
  try {
    await Promise.all(browser.visits);
    expect(browser.visits).toHaveLength(1);
    const result = await client.callTool({ name: 'list_containers', arguments: {} });
    expect(result.isError).toBeFalsy();
    return (result.content as { text?: string }[]).map((item) => item.text ?? '').join('\n');
  } finally {
    await close();
  }
}

describe('MCP over HTTP with OAuth', () => {
  it('signs ada in and lists the Acme Imports containers', async () => {
    const listed = await containerNumbers('ada');
    expect(listed).toContain('MAEU4002159');
  });

  it('signs lin in and lists only Globex Logistics containers', async () => {
    const listed = await containerNumbers('lin');
    expect(listed).not.toContain('MAEU4002159');
    // A listing of lin's own containers: the table's paging line, with at least one shown.
    expect(listed).toMatch(/Page 1 \(size \d+\): [1-9]\d* (of \d+ )?shown/);
  });

  it('refuses a callback that does not carry the state of its sign-in', async () => {
    const forged = connectWithOAuth(new URL(stack.mcpUrl), {
      openBrowser: (url) => {
        const callback = new URL(url.searchParams.get('redirect_uri') ?? '');
        callback.search = new URLSearchParams({ code: 'forged', state: 'not-ours' }).toString();
        void fetch(callback);
      },
    });
    await expect(forged).rejects.toThrow('state differs');
  });
});
