/**
 * The demo's sign-in page: one form that signs a demo user in and grants the
 * client what it asked for (the requested scopes on the requested resource),
 * so a sign-in is one page and one POST. Tests drive it with plain HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { DemoUser } from './users.js';

const MAX_FORM_BYTES = 8 * 1024;

/** Escapes text for HTML. */
function html(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  });
  response.end(body);
}

/** The value of an authorization request parameter, split on spaces. */
function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

/** The requested resource indicators (one or several `resource` parameters). */
function resourcesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function loginPage(options: {
  uid: string;
  clientName: string;
  scopes: string[];
  users: readonly DemoUser[];
  error?: string;
}): string {
  const { uid, clientName, scopes, users, error } = options;
  const hints = users
    .map(
      (user) =>
        `<li><code>${html(user.username)}</code> / <code>${html(user.password)}</code>: ${html(user.name)}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to shiptrack (demo)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1rem}
.error{color:#b00020}</style></head>
<body>
<h1>Sign in to shiptrack</h1>
<p><strong>${html(clientName)}</strong> asks to use shiptrack on your behalf${scopes.length ? ` (scopes: ${scopes.map(html).join(', ')})` : ''}.</p>
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="/interaction/${html(uid)}/login">
<label for="username">User name</label><input id="username" name="username" autocomplete="username" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in and allow</button>
</form>
<form method="post" action="/interaction/${html(uid)}/abort"><button type="submit">Cancel</button></form>
<p>Demo users:</p><ul>${hints}</ul>
</body></html>`;
}

/**
 * Serves `/interaction/:uid` (GET: the page), `/interaction/:uid/login` and
 * `/interaction/:uid/abort` (POST). Resolves false for any other path.
 */
export async function handleInteraction(
  provider: Provider,
  users: readonly DemoUser[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const path = new URL(request.url ?? '/', 'http://demo.invalid').pathname;
  const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
  if (!match) return false;
  const action = match[2];
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(request, response);
  } catch {
    send(
      response,
      400,
      '<p>This sign-in has expired or was already used. Start again from your MCP client.</p>',
    );
    return true;
  }
  const clientId = String(details.params.client_id ?? '');
  const client = await provider.Client.find(clientId);
  const clientName = client?.clientName ?? clientId;
  const scopes = words(details.params.scope);

  if (request.method === 'GET' && action === undefined) {
    send(response, 200, loginPage({ uid: details.uid, clientName, scopes, users }));
    return true;
  }
  if (request.method !== 'POST' || action === undefined) {
    send(response, 405, '<p>Method not allowed.</p>');
    return true;
  }
  if (action === 'abort') {
    await provider.interactionFinished(request, response, {
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in.',
    });
    return true;
  }
  const form = await readForm(request);
  const user = users.find(
    (candidate) =>
      candidate.username === form.get('username') && candidate.password === form.get('password'),
  );
  if (!user) {
    const page = loginPage({
      uid: details.uid,
      clientName,
      scopes,
      users,
      error: 'Wrong user name or password.',
    });
    send(response, 401, page);
    return true;
  }
  // Granted as asked: every requested scope (oidc-provider checks the registered ones as
  // OpenID scopes) and, for each requested resource, its scopes (what its tokens carry).
  const grant = new provider.Grant({ accountId: user.id, clientId });
  if (scopes.length > 0) grant.addOIDCScope(scopes);
  for (const resource of resourcesOf(details.params.resource)) {
    grant.addResourceScope(resource, scopes);
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: user.id }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
  return true;
}
