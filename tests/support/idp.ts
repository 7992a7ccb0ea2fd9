import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) for tests and
 * local development: `npm run idp` and the Google tests sign in through it the way a
 * browser signs in with Google. Only the login screen is ours: a list of test accounts
 * and a "Deny access" button. Everything else — discovery, authorization, PKCE, tokens,
 * signed ID tokens, userinfo — is the library's.
 */

export interface IdpAccount {
  /** The stable subject (`sub`) the provider asserts. */
  sub: string;
  email: string;
  /** The `email_verified` claim. */
  emailVerified: boolean;
  /** The `name` claim. */
  name: string;
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface RunningIdp {
  /** `http://localhost:<port>`; discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  port: number;
  accounts: Map<string, IdpAccount>;
  addAccount(account: IdpAccount): void;
  /** Clients can be registered after start, e.g. once the app's port is known. */
  registerClient(client: IdpClient): Promise<void>;
  stop(): Promise<void>;
}

/** What a denial sends back (`error_description`); the app shows it. */
export const IDP_DENIED_MESSAGE = 'Access was denied at the identity provider.';

const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name'],
};

export async function startIdp(
  options: { port?: number; accounts?: IdpAccount[]; clients?: IdpClient[]; quiet?: boolean } = {},
): Promise<RunningIdp> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'rounds-idp', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: CLAIMS,
    // Like Google: the ID token itself carries e-mail, email_verified and name.
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  // Failures are answered to the client; keep them off the test console.
  provider.on('server_error', (_ctx, error) => {
    if (!options.quiet) console.warn('identity provider error:', error);
  });
  const oidc = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void oidc(req, res);
    handleInteraction(req, res, match[2]).catch((error: unknown) => {
      if (!options.quiet) console.warn('identity provider interaction failed:', error);
      if (!res.headersSent) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(page('Sign-in error', `<p>${escapeHtml(String((error as Error).message ?? error))}</p>`));
      }
    });
  });

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    if (req.method === 'GET' && !action) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(loginPage(details.uid, clientId, [...accounts.values()]));
      return;
    }
    if (req.method !== 'POST') throw new Error('Unsupported request');
    if (action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: IDP_DENIED_MESSAGE },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    const accountId = form.get('account') ?? '';
    if (!accounts.has(accountId)) throw new Error('Unknown test account');
    // Login and consent in one step: the test user approves every scope asked for.
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function registerClient(client: IdpClient) {
    await provider.Client.adapter.upsert(client.clientId, {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // better-auth's default for a client with a secret.
      token_endpoint_auth_method: 'client_secret_post',
    });
  }
  for (const client of options.clients ?? []) await registerClient(client);

  return {
    issuer,
    port,
    accounts,
    addAccount: (account) => void accounts.set(account.sub, account),
    registerClient,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks a browser-less sign-in through the provider: follows `authorizationUrl`, picks
 * `account` on the login screen (or denies), and returns the URL the provider sends the
 * user back to (the app's callback with `code` or `error`).
 */
export async function completeIdpSignIn(
  authorizationUrl: string,
  choice: { account: string } | { deny: true },
): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(jar) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  };

  const start = await send(authorizationUrl);
  const interactionUrl = new URL(location(start), authorizationUrl);
  if (!interactionUrl.pathname.startsWith('/interaction/')) return interactionUrl.toString(); // no login needed
  const submitted = await send(`${interactionUrl}/${'deny' in choice ? 'abort' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'deny' in choice ? '' : new URLSearchParams({ account: choice.account }).toString(),
  });
  const resumed = await send(new URL(location(submitted), authorizationUrl).toString());
  return new URL(location(resumed), authorizationUrl).toString();
}

function location(response: Response): string {
  const value = response.headers.get('location');
  if (!value) throw new Error(`Expected a redirect from the identity provider, got ${response.status}`);
  return value;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) reject(new Error('Request too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function loginPage(uid: string, clientId: string, accounts: IdpAccount[]): string {
  const choices = accounts
    .map(
      (account) => `
      <form method="post" action="/interaction/${uid}/login">
        <input type="hidden" name="account" value="${escapeHtml(account.sub)}">
        <button type="submit">Continue as ${escapeHtml(account.name)}</button>
        <div class="hint">${escapeHtml(account.email)}${account.emailVerified ? '' : ' (e-mail not verified)'}</div>
      </form>`,
    )
    .join('');
  return page(
    'Choose an account',
    `<p>Local identity provider for testing. <strong>${escapeHtml(clientId)}</strong> asks who you are.</p>
    ${choices || '<p>No test accounts are configured.</p>'}
    <form method="post" action="/interaction/${uid}/abort">
      <button type="submit" class="deny">Deny access</button>
    </form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 2rem auto; padding: 0 1rem; }
  form { margin: 0.75rem 0; }
  button { width: 100%; padding: 0.7rem; font-size: 1rem; cursor: pointer; }
  .deny { background: #fff; color: #b00020; border: 1px solid #b00020; }
  .hint { color: #555; font-size: 0.85rem; margin-top: 0.25rem; }
</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
