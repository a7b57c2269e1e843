/**
 * What the MCP client SDK's OAuth flow asks the application to keep: the
 * client's registration, the tokens, the PKCE verifier and the state, here
 * in memory (a desktop client would store them), and how to show the user
 * the authorization page (`openBrowser`).
 */
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';

/** An OAuth client of the MCP SDK for a native app with a loopback redirect. */
export class LoopbackOAuthClient implements OAuthClientProvider {
  readonly clientMetadata: OAuthClientMetadata;
  #registration: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  #state: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly redirectUrl: string,
    private readonly openBrowser: (url: URL) => void | Promise<void>,
  ) {
    this.clientMetadata = {
      client_name: 'shiptrack OAuth example',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A public client: PKCE instead of a secret.
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    };
  }

  /** The state sent with the last authorization request (checked on the callback). */
  get lastState(): string | undefined {
    return this.#state;
  }

  clientInformation() {
    return this.#registration;
  }
  saveClientInformation(registration: OAuthClientInformationMixed) {
    this.#registration = registration;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }
  state() {
    this.#state = crypto.randomUUID();
    return this.#state;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    if (!this.#verifier) throw new Error('No PKCE verifier was saved for this sign-in.');
    return this.#verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.#discovery = state;
  }
  discoveryState() {
    return this.#discovery;
  }
  async redirectToAuthorization(url: URL) {
    await this.openBrowser(url);
  }
}
