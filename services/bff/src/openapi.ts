import type { Route } from '@portal/core';

const envelope = (data: object = {}) => ({
  type: 'object',
  required: ['ok', 'm', 'd'],
  properties: { ok: { const: true }, m: { type: 'string' }, d: data },
});

const failure = {
  type: 'object',
  required: ['ok', 'm', 'error'],
  properties: {
    ok: { const: false },
    m: { type: 'string' },
    error: {
      type: 'object',
      required: ['code'],
      properties: {
        // The message's key in @portal/vocabulary's catalogue is `code`, or `code.reason`; `params` fill it in.
        code: { type: 'string' },
        reason: { type: 'string' },
        params: { type: 'object', additionalProperties: {} },
        details: {},
      },
    },
  },
};

/** OpenAPI 3.1 from the route tables (DESIGN §2): paths, parameters and bodies come from the routes' ajv schemas. */
export function buildOpenApi(routes: Route[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters: object[] = [];
    const paramProps = (route.schema?.params as { properties?: Record<string, object> } | undefined)?.properties ?? {};
    for (const name of route.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
      parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
    }
    const query = route.schema?.query as { properties?: Record<string, object>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema });
    }
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags ?? [],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^\w]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      parameters,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      ...(Array.isArray(route.access) ? { 'x-permissions': route.access } : {}),
      ...(route.access === 'operator' ? { 'x-access': 'operator' } : {}),
      // Opened by an emailed link's token (the `token` parameter) rather than a sign-in: which kind of link.
      ...(route.link ? { 'x-link': route.link.link.name } : {}),
      responses: {
        200: {
          description: 'Success',
          content: { 'application/json': { schema: envelope(route.schema?.response ?? {}) } },
        },
        default: { description: 'Failure', content: { 'application/json': { schema: failure } } },
      },
    };
    if (route.schema?.body) {
      operation.requestBody = {
        required: true,
        content: { [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: route.schema.body } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Recall and supply advisory portal API', version },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
