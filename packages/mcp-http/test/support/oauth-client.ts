/** An in-memory OAuth client of the MCP client SDK, as a desktop MCP client would keep it. */
import type {
  OAuthClientInformationContext,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';

/** The redirect URI the test client registers (never fetched: the scripted browser stops there). */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** Keeps what the SDK's OAuth flow saves, and the authorization URL it asks to open. */
export class TestOAuthClient implements OAuthClientProvider {
  readonly redirectUrl = REDIRECT_URI;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'shiptrack test client',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
  };
  registered: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  /** Every token set saved, oldest first. */
  readonly history: OAuthTokens[] = [];
  authorizationUrl: URL | undefined;
  lastState: string | undefined;
  #verifier: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;

  clientInformation(_ctx?: OAuthClientInformationContext) {
    return this.registered;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.registered = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
    this.history.push(tokens);
  }
  state() {
    this.lastState = crypto.randomUUID();
    return this.lastState;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.#discovery = state;
  }
  discoveryState() {
    return this.#discovery;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    if (!this.#verifier) throw new Error('no code verifier was saved');
    return this.#verifier;
  }
}
