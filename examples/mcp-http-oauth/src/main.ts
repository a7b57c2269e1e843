/**
 * `pnpm start` in this folder: signs in to the MCP server of `pnpm start`
 * (or the URL given as the first argument) with OAuth and lists the
 * containers of the account you signed in to. It prints the sign-in URL:
 * open it in a browser and sign in as ada / demo (or lin / demo).
 */
import { connectWithOAuth } from './connect.js';

const mcpUrl = new URL(process.argv[2] ?? 'http://127.0.0.1:3000/mcp');
const { client, close } = await connectWithOAuth(mcpUrl, {
  openBrowser: (url) => {
    console.log(`Open this page to sign in (ada / demo or lin / demo):\n\n  ${url.href}\n`);
  },
});
try {
  const result = await client.callTool({ name: 'list_containers', arguments: { page_size: 5 } });
  for (const item of result.content) if (item.type === 'text') console.log(item.text);
} finally {
  await close();
}
