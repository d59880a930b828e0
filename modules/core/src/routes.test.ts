import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Actor } from './actor.js';
import { route, type RouteRequest } from './routes.js';

describe('route', () => {
  it('gives signed-in handlers a caller that is never null, and public handlers one that may be', () => {
    const signedIn = route({
      method: 'GET',
      path: '/a',
      access: 'user',
      summary: 'a',
      handler: ({ actor }) => {
        expectTypeOf(actor).toEqualTypeOf<Actor>();
        return actor.userId;
      },
    });
    const open = route({
      method: 'GET',
      path: '/b',
      access: 'public',
      summary: 'b',
      handler: ({ actor }) => {
        expectTypeOf(actor).toEqualTypeOf<Actor | null>();
        return actor?.userId ?? null;
      },
    });
    expect(signedIn.access).toBe('user');
    expect(open.handler({ actor: null } as RouteRequest)).toBeNull();
  });
});
