import { vi } from 'vitest';
import { claimsFor, makeJwt } from './jwt';
import { jsonResponse } from './render';
import { setPageToken } from '../state/auth';

type OrganizationType = 'NOTISPHERE' | 'SUPPLIER' | 'PROVIDER';

/** One request a page made, its body read back (JSON, or a FormData as sent). */
export interface ApiCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The signed-in person as /api/me answers, of an organisation of `type`. */
export interface Me {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  photo: string | null;
  status: string;
  role_name: string;
  organization: { id: number; name: string; type: OrganizationType; profile_photo: null; isSSO: boolean };
}

const people: Record<OrganizationType, Me> = {
  NOTISPHERE: {
    id: 42,
    email: 'admin@operator.demo',
    first_name: 'Olivia',
    last_name: 'Operator',
    full_name: 'Olivia Operator',
    phone: null,
    photo: null,
    status: 'VERIFIED',
    role_name: 'Administrator',
    organization: { id: 1, name: 'Notisphere Operations', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
  },
  SUPPLIER: {
    id: 40,
    email: 'admin@acme.demo',
    first_name: 'Ada',
    last_name: 'Acme',
    full_name: 'Ada Acme',
    phone: null,
    photo: null,
    status: 'VERIFIED',
    role_name: 'Administrator',
    organization: { id: 2, name: 'Acme Medical Devices', type: 'SUPPLIER', profile_photo: null, isSSO: false },
  },
  PROVIDER: {
    id: 1,
    email: 'coordinator@riverside.demo',
    first_name: 'Rita',
    last_name: 'River',
    full_name: 'Rita River',
    phone: null,
    photo: null,
    status: 'VERIFIED',
    role_name: 'Administrator',
    organization: { id: 7, name: 'Riverside Health', type: 'PROVIDER', profile_photo: null, isSSO: false },
  },
};

/** The usual signed-in person of an organisation type (an operator, Acme's or Riverside's administrator). */
export function personOf(type: OrganizationType): Me {
  return people[type];
}

/** Signs in as a person of `type` holding `permissions`: the access token the page holds (in memory) when it starts. */
export function signIn(type: OrganizationType, permissions: string[], claims: Record<string, unknown> = {}) {
  setPageToken({ access_token: makeJwt(claimsFor(type, permissions, claims)) });
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stands in for the API (a stubbed `fetch`): /api/me and /api/me/organization answer `me`; every other request goes to
 * `answer`, and one it leaves unanswered gets a 404 envelope. Returns the requests, in order, as they come.
 */
/** The organisation settings pages hold the single sign-on panel; unless a test says otherwise, none is set up. */
export const SSO_SETTINGS = /^\/api\/(organization\/sso|notisphere\/organizations\/sso\/\d+)$/;

export function ssoNotConfigured(organizationId: number) {
  return {
    organization_id: organizationId,
    enabled: false,
    configured: false,
    issuer: null,
    client_id: null,
    client_secret_set: false,
    scopes: 'openid email profile',
    email_claim: 'email',
    email_domains: [],
    jit_enabled: false,
    jit_role_id: null,
    redirect_uri: 'http://localhost/api/auth/sso/callback',
    post_logout_redirect_uri: 'http://localhost/login',
    roles: [],
  };
}

export function fakeApi(
  me: Me,
  answer: (call: ApiCall) => Response | undefined | Promise<Response | undefined>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = '', query = ''] = url.split('?');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        url,
        path,
        query: new URLSearchParams(query),
        body: readBody(init.body),
      };
      calls.push(call);
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      const answered = await answer(call);
      if (answered && !(call.method === 'GET' && SSO_SETTINGS.test(path))) return answered;
      if (call.method === 'GET' && SSO_SETTINGS.test(path)) return jsonResponse(ssoNotConfigured(me.organization.id));
      return (
        answered ??
        jsonResponse(
          {
            ok: false,
            m: `No such API path: ${call.method} ${path}`,
            error: { code: 'NO_SUCH_PATH', params: { method: call.method, path } },
          },
          404,
        )
      );
    }),
  );
  return calls;
}
