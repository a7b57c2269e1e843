/**
 * Connects an MCP client to an MCP server over streamable HTTP, signing in
 * with OAuth 2.1 when the server asks: the SDK discovers the authorization
 * server from the 401 (protected-resource metadata), registers this client,
 * sends the user to the sign-in page with PKCE, and the loopback callback
 * brings back the code, which the SDK exchanges for an access token.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { startCallbackServer } from './callback-server.js';
import { LoopbackOAuthClient } from './oauth-client.js';

/** Options of {@link connectWithOAuth}. */
export interface ConnectOptions {
  /** Shows the user the authorization page (open a browser, or print the URL). */
  openBrowser: (url: URL) => void | Promise<void>;
  /** The client's name in the MCP handshake. */
  clientName?: string;
}

/** A connected client; `close()` ends the MCP session. */
export interface SignedInClient {
  client: Client;
  close(): Promise<void>;
}

function transport(mcpUrl: URL, auth: LoopbackOAuthClient) {
  return new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
}

/** Connects to `mcpUrl`, running the sign-in first when the server requires it. */
export async function connectWithOAuth(
  mcpUrl: URL,
  options: ConnectOptions,
): Promise<SignedInClient> {
  const name = options.clientName ?? 'shiptrack-oauth-example';
  const callbackServer = await startCallbackServer();
  try {
    const auth = new LoopbackOAuthClient(callbackServer.redirectUri, options.openBrowser);
    const first = new Client({ name, version: '1.0.0' });
    const pending = transport(mcpUrl, auth);
    try {
      await first.connect(pending);
      return { client: first, close: () => first.close() };
    } catch (error) {
      // The server answered 401: the SDK has sent the user to sign in; wait for the redirect.
      if (!(error instanceof UnauthorizedError)) throw error;
    }
    const params = await callbackServer.received;
    // The SDK does not check `state`: a redirect this client did not ask for is refused here.
    if (params.get('state') !== auth.lastState) {
      throw new Error('The sign-in callback does not answer this sign-in (state differs).');
    }
    if (!params.has('code')) throw new Error(`Sign-in failed: ${params.get('error') ?? 'no code'}`);
    await pending.finishAuth(params);
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(transport(mcpUrl, auth));
    return { client, close: () => client.close() };
  } finally {
    await callbackServer.close();
  }
}
