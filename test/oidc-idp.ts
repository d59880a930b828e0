/// <reference path="./oidc-provider.d.ts" />
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the test identity provider says about one person (beside `sub`, derived from the email). */
export interface IdpAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * What the next token answer's ID token becomes: claims re-signed with the provider's own key (a wrong nonce, audience
 * or expiry, as a misbehaving or hostile provider would send), or `'corrupt'`: a claim changed after signing.
 */
export type IdTokenRewrite = ((claims: Record<string, unknown>) => Record<string, unknown>) | 'corrupt';

export interface TestIdp {
  /** `http://127.0.0.1:<port>`: the issuer, its discovery at `/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People the provider knows, by email; anyone else signs in as `{ email }` (verified). */
  accounts: Map<string, IdpAccount>;
  /** Applied to the next ID token the token endpoint sends (then cleared). */
  rewriteNextIdToken(rewrite: IdTokenRewrite): void;
  /**
   * Follows an authorisation address as a browser would (cookies kept), signing in as its `login_hint` (or `as`), and
   * answers the address the provider sends the browser back to (the redirect URI with `code` and `state`).
   */
  signIn(authorizationUrl: string, as?: string): Promise<URL>;
  close(): Promise<void>;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A real OpenID provider (oidc-provider) on loopback for the tests: one confidential client with the given redirect
 * URIs, PKCE required, login and consent answered at once for the account the authorisation request names in
 * `login_hint`. Nothing of the product is mocked: the product discovers it, sends browsers to it and exchanges codes
 * with it over HTTP.
 */
export async function startTestIdp(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
}): Promise<TestIdp> {
  const clientId = options.clientId ?? 'portal-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, IdpAccount>();
  let rewrite: IdTokenRewrite | null = null;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-idp-1', use: 'sig', alg: 'RS256' };
  const sign = (header: object, claims: object) => {
    const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(privateKey);
    return `${input}.${base64url(signature)}`;
  };
  const rewritten = (idToken: string, how: IdTokenRewrite): string => {
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (how === 'corrupt')
      return `${header}.${base64url(JSON.stringify({ ...claims, email: 'mallory@evil.test' }))}.${signature}`;
    return sign(JSON.parse(Buffer.from(header, 'base64url').toString('utf8')), how(claims));
  };

  let provider: Provider | null = null;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const subOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);
  const emailBySub = new Map<string, string>();

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Entra ID and Okta put the email in the ID token when the `email` scope is asked for.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const email = emailBySub.get(sub);
      if (!email) return undefined;
      const account = accounts.get(email) ?? { email };
      return {
        accountId: sub,
        claims: async () => ({ sub, email_verified: true, ...account }),
      };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('test IdP error', error));
  handler = provider.callback();

  async function route(req: IncomingMessage, res: ServerResponse) {
    const p = provider!;
    try {
      if (req.url?.startsWith('/interaction/')) {
        const details = await p.interactionDetails(req, res);
        const email = String(details.params.login_hint ?? '').toLowerCase();
        const sub = subOf(email);
        emailBySub.set(sub, email);
        const grant = new p.Grant({ accountId: sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await p.interactionFinished(
          req,
          res,
          { login: { accountId: sub }, consent: { grantId } },
          {
            mergeWithLastSubmission: false,
          },
        );
        return;
      }
      if (req.url?.startsWith('/token') && rewrite) {
        const how = rewrite;
        rewrite = null;
        // The provider writes its answer in one end(); the ID token in it is rewritten on the way out.
        const end = res.end.bind(res);
        res.end = ((chunk?: unknown, ...rest: unknown[]) => {
          if (chunk && res.statusCode === 200) {
            const body = JSON.parse(Buffer.from(chunk as Buffer).toString('utf8')) as { id_token?: string };
            if (body.id_token) body.id_token = rewritten(body.id_token, how);
            const text = JSON.stringify(body);
            res.setHeader('content-length', Buffer.byteLength(text));
            return end(text);
          }
          return end(chunk as never, ...(rest as []));
        }) as typeof res.end;
      }
      handler!(req, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  }

  async function signIn(authorizationUrl: string, as?: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    if (as) url.searchParams.set('login_hint', as);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`The test IdP answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('The test IdP redirected too many times');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    rewriteNextIdToken: (how) => {
      rewrite = how;
    },
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
