import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Actor } from './actor.js';
import { route, type RouteRequest } from './routes.js';
import type { FromSchema } from './schema-types.js';
import { idParamsSchema } from './validation.js';

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

  it('types body, query and params from the schemas, as ajv leaves them (defaults filled in, null where allowed)', () => {
    const body = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 10 },
        phone: { type: ['string', 'null'], maxLength: 20 },
        kind: { type: 'string', enum: ['A', 'B'], default: 'A' },
        tags: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 10 } },
        settings: { type: 'object' },
      },
    } as const;
    const query = { type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 100 } } } as const;
    route({
      method: 'PUT',
      path: '/c/:id',
      access: ['Some_Permission'],
      summary: 'c',
      schema: { body, query, params: idParamsSchema },
      handler: (req) => {
        expectTypeOf(req.body).toEqualTypeOf<{
          name: string;
          phone?: string | null;
          kind: 'A' | 'B';
          tags?: string[];
          settings?: { [x: string]: unknown };
        }>();
        expectTypeOf(req.query).toEqualTypeOf<{ page?: number }>();
        expectTypeOf(req.params).toEqualTypeOf<{ id: number }>();
        expectTypeOf<FromSchema<typeof body>>().toEqualTypeOf(req.body);
        return null;
      },
    });
    route({
      method: 'GET',
      path: '/d/:x',
      access: 'public',
      summary: 'd',
      handler: (req) => {
        expectTypeOf(req.body).toBeUnknown();
        expectTypeOf(req.params).toEqualTypeOf<Record<string, string>>();
        return null;
      },
    });
  });
});
