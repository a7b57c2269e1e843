/**
 * A scripted browser for the demo authorization server: follows redirects
 * with a cookie jar, fills in the sign-in form and stops at the client's
 * redirect URI, as a user in a browser would.
 */

/** Cookies by name (the demo server's paths never collide). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.#cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Where a sign-in ended: the client's callback URL, or a page the user stayed on. */
export interface SignInResult {
  callbackUrl: URL | undefined;
  /** The last page shown (status and body), when the flow did not reach the callback. */
  page?: { status: number; body: string };
}

/**
 * Opens `authorizationUrl`, signs in as `username` / `password` on the demo
 * login page and follows redirects until one leads to `redirectUri`.
 */
export async function signIn(
  authorizationUrl: URL,
  credentials: { username: string; password: string },
  redirectUri: string,
): Promise<SignInResult> {
  const jar = new CookieJar();
  let next: { url: URL; init: RequestInit } = { url: authorizationUrl, init: { method: 'GET' } };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      await response.body?.cancel();
      const target = new URL(location, next.url);
      if (target.href.startsWith(redirectUri)) return { callbackUrl: target };
      next = { url: target, init: { method: 'GET' } };
      continue;
    }
    const body = await response.text();
    const form = /<form method="post" action="([^"]+\/login)"/.exec(body);
    if (response.status !== 200 || !form?.[1] || next.init.method === 'POST') {
      return { callbackUrl: undefined, page: { status: response.status, body } };
    }
    next = {
      url: new URL(form[1], next.url),
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(credentials).toString(),
      },
    };
  }
  throw new Error('The sign-in did not finish within 12 steps.');
}
