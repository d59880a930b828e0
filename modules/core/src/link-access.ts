/**
 * The records a link route's parameters may name, each checked against the link the call came with: the provider
 * communication, its event, its supplier or provider organisation, its affected customer.
 */
export interface LinkIds {
  providerCommunicationId?: number;
  communicationId?: number;
  /** The provider communication's supplier or provider organisation. */
  organizationId?: number;
  affectedCustomerId?: number;
}

/**
 * A kind of emailed link that opens routes without an account (a recipient's notice, a delegate's form). Its owner
 * resolves a token to what the link opens, or throws the same 404 for an unknown, expired or revoked token and for ids
 * (`expect`) that are not the link's, so an id alone, or another link's token, gets nothing.
 */
export interface LinkKind<L> {
  /** What the link opens ('notice', 'delegate'). */
  name: string;
  resolve(token: string | undefined, expect: LinkIds): Promise<L>;
}

/**
 * A route's link rule, declared in its route table: the BFF reads the token (`token` in the query, else in the body),
 * resolves it with `link` before the handler, checking the ids the route's parameters name (`ids`: which path parameter,
 * else query parameter, names which record), and hands the handler what it resolved as `req.link`.
 */
export interface LinkAccess<L = unknown> {
  link: LinkKind<L>;
  ids?: { [K in keyof LinkIds]?: string };
}

/** What a link rule's link opens (`req.link` of its routes). */
export type LinkOpened<A> = A extends LinkAccess<infer L> ? L : never;

/** Which parameters a link route may name in `ids`: its path's, and its query schema's. */
export function linkParameterNames(path: string, querySchema: object | undefined): Set<string> {
  const names = new Set(path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []);
  const properties = (querySchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  for (const name of Object.keys(properties)) names.add(name);
  return names;
}

/**
 * Resolves a link route's link for one call, from its validated parameters: the ids its rule names (path first, then
 * query) and the token (`token` in the query, else in the body).
 */
export function resolveLinkAccess<L>(
  access: LinkAccess<L>,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
): Promise<L> {
  const expect: LinkIds = {};
  for (const [field, name] of Object.entries(access.ids ?? {}) as [keyof LinkIds, string][]) {
    const value = input.params[name] ?? input.query[name];
    if (value !== undefined) expect[field] = value as number;
  }
  const token = input.query.token ?? (input.body as { token?: unknown } | undefined)?.token;
  return access.link.resolve(typeof token === 'string' ? token : undefined, expect);
}
