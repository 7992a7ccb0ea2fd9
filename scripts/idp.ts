// `npm run idp`: a local OpenID Connect provider (oidc-provider) to try "Sign in with Google"
// without Google. It prints the settings to start Rounds with.
//   npm run idp -- [--port 4000] [--app-url http://localhost:3000]
import { parseArgs } from 'node:util';
import { startIdp, type IdpAccount } from '../tests/support/idp';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.IDP_PORT ?? '4000' },
    'app-url': { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    'client-id': { type: 'string', default: 'rounds-local' },
    'client-secret': { type: 'string', default: 'rounds-local-secret' },
  },
});

const appUrl = values['app-url'].replace(/\/+$/, '');
const client = {
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  redirectUris: [`${appUrl}/api/auth/callback/google`],
};
const accounts: IdpAccount[] = [
  { sub: 'local-ada', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' },
  { sub: 'local-grace', email: 'grace@example.com', emailVerified: true, name: 'Grace Hopper' },
  { sub: 'local-uma', email: 'uma@example.com', emailVerified: false, name: 'Uma Unverified' },
];

const idp = await startIdp({ port: Number(values.port), clients: [client], accounts });

console.log(`
Local identity provider (OpenID Connect) at ${idp.issuer}
  discovery: ${idp.issuer}/.well-known/openid-configuration
  redirect URI registered: ${client.redirectUris[0]}

Start Rounds against it (another terminal):
  ${appUrl === 'http://localhost:3000' ? '' : `PUBLIC_URL=${appUrl} PORT=${new URL(appUrl).port || 80} `}GOOGLE_ISSUER=${idp.issuer} GOOGLE_CLIENT_ID=${client.clientId} GOOGLE_CLIENT_SECRET=${client.clientSecret} npm start

Then open ${appUrl}/login and press "Sign in with Google". Test accounts:
${accounts.map((a) => `  ${a.name} <${a.email}>${a.emailVerified ? '' : '  (email_verified: false)'}`).join('\n')}

Ctrl+C stops it. Everything is kept in memory.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void idp.stop().then(() => process.exit(0));
  });
}
