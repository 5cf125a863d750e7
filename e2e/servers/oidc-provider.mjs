// A real OpenID Connect provider for the keycloak-mode e2e tests (npm `oidc-provider`).
// Usage: node oidc-provider.mjs <port> <uplink public URL>. Any login/password is accepted
// (the provider's development sign-in form); the login becomes the subject, and the e-mail is
// the login when it contains "@" (verified), else <login>@sso.test.
import Provider from 'oidc-provider';

const port = Number(process.argv[2] ?? 18112);
const uplink = process.argv[3] ?? 'http://127.0.0.1:18111';
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'uplink-e2e',
      token_endpoint_auth_method: 'none',
      redirect_uris: [`${uplink}/sso/callback`, `${uplink}/check-login.html`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // Put the claims in the ID token too (the server also falls back to userinfo).
  conformIdTokenClaims: false,
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        const email = id.includes('@') ? id : `${id}@sso.test`;
        return { sub: id, email, email_verified: true, name: `SSO ${id.split('@')[0]}` };
      },
    };
  },
  features: { devInteractions: { enabled: true } },
  // The e2e browser talks plain HTTP on 127.0.0.1.
  cookies: { keys: ['uplink-e2e-cookie-key'] },
});
provider.proxy = false;

// Quiet the development-mode warnings about keys and interactions.
process.removeAllListeners('warning');

provider.listen(port, '127.0.0.1', () => {
  console.log(`oidc-provider listening on ${issuer}`);
});
