import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import cors from '@koa/cors';
import { Router } from '@koa/router';
import Koa, { type Context } from 'koa';
import { constants as zlibConstants } from 'node:zlib';
import compress from 'koa-compress';
import send from 'koa-send';
import {
  AppError,
  appVersion,
  createClientResolver,
  messagePart,
  type ModuleDeps,
  NotFoundError,
  pingDb,
  type PortalModule,
} from '@portal/core';
import { redactPath } from './access-log.js';
import { bodyReader } from './body.js';
import { answerClientError, mapError, sendError } from './envelope.js';
import { createHealth, type Health, HEALTH_PATHS } from './health.js';
import { mountApiDocs } from './api-docs.js';
import { buildOpenApi } from './openapi.js';
import { authRateLimit } from './rate-limit.js';
import type { Metrics } from './metrics.js';
import { COMPRESS_THRESHOLD, mount } from './mount.js';
import { serveSignedFile } from './file-download.js';

export interface AppOptions {
  deps: ModuleDeps;
  modules: PortalModule[];
  /** The replica's state for /api/health/ready; ready when left out (tests, the CLI). */
  health?: Health;
  /** Prometheus figures (GET /metrics with METRICS_TOKEN); none when left out. */
  metrics?: Metrics;
}

const isApi = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * The product's one policy; `frameAncestors` is 'none' everywhere but on files shown in place. Images come from this
 * origin (signed file links), `data:` and `blob:` only, plus the LOGO_HOSTS an install names: no tracking pixel or
 * exfiltration through an image URL. 'wasm-unsafe-eval' lets the scan field's barcode reader (zxing-wasm, served
 * from this origin) compile WebAssembly; it allows no eval of JavaScript.
 */
function contentSecurityPolicy(frameAncestors: "'none'" | "'self'", logoHosts: readonly string[] = []): string {
  const images = ["'self'", 'data:', 'blob:', ...logoHosts].join(' ');
  return (
    `default-src 'self'; img-src ${images}; style-src 'self' 'unsafe-inline'; script-src 'self' 'wasm-unsafe-eval'; ` +
    `connect-src 'self'; frame-src 'self' blob:; media-src 'self' blob:; object-src 'self' blob:; frame-ancestors ${frameAncestors}; base-uri 'self'`
  );
}

export function createApp({ deps, modules, health = createHealth(), metrics }: AppOptions): Koa {
  const { config, logger } = deps;
  // Koa never reads X-Forwarded-* itself: the one resolver (TRUST_PROXY, client-address.ts) sets the client's address
  // and scheme on each request below, so ctx.ip and ctx.secure are what it decided.
  const app = new Koa({ proxy: false });
  const resolveClient = createClientResolver(config.trustProxy);
  // Koa's listen, plus the envelope for what Node answers itself before any middleware: requests its parser refuses
  // (answerClientError), an Expect header other than 100-continue, and an HTTP/1.1 request without Host (refused by
  // the first middleware instead of by Node with an empty body).
  app.listen = ((...args: unknown[]) => {
    const server = createServer({ requireHostHeader: false }, app.callback());
    server.on('clientError', answerClientError);
    server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(
        JSON.stringify({
          ok: false,
          m: messagePart('EXPECTATION_FAILED').message,
          error: { code: 'EXPECTATION_FAILED' },
        }),
      ),
    );
    return server.listen(...(args as Parameters<typeof server.listen>));
  }) as Koa['listen'];
  const routes = modules.flatMap((m) => m.routes);
  // What Koa reports itself: a body stream that failed after the headers were sent (a download cut mid-way by a
  // failure or by the client leaving). Logged here rather than printed by Koa's default handler.
  app.on('error', (error: unknown, ctx?: Context) =>
    logger.warn(
      { err: error, requestId: ctx?.state.requestId as string | undefined },
      'response failed after its headers were sent',
    ),
  );

  // Outermost, so each request is timed with the status the envelope finally gave it.
  if (metrics) {
    app.use(metrics.http);
    app.use(metrics.endpoint);
  }

  // Request id, structured access log, version header, security headers.
  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    ctx.set('x-app-version', appVersion);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    // The camera on this origin only: the scan field reads barcodes with it (issue 38).
    ctx.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    ctx.set('Content-Security-Policy', contentSecurityPolicy("'none'", config.logoHosts));
    const client = resolveClient({
      socketAddress: ctx.req.socket.remoteAddress,
      encrypted: Boolean((ctx.req.socket as { encrypted?: boolean }).encrypted),
      forwardedFor: ctx.get('x-forwarded-for') || undefined,
      forwardedProto: ctx.get('x-forwarded-proto') || undefined,
    });
    ctx.request.ip = client.address;
    if (client.https) {
      // Over https (a TLS socket, or a trusted proxy's X-Forwarded-Proto): ctx.secure answers true (Secure cookies).
      if (!ctx.request.secure) Object.defineProperty(ctx.request, 'protocol', { value: 'https' });
      ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (ctx.path.startsWith('/api')) ctx.set('Cache-Control', 'no-store');
    if (ctx.req.httpVersion === '1.1' && !ctx.get('host')) {
      sendError(ctx, new AppError(400, 'MISSING_HOST'));
      return;
    }
    // A client that accepts no coding we know, identity included (`*;q=0`, `identity;q=0`), gets the answer
    // uncompressed (RFC 9110 §12.5.3 allows it): koa-compress would fail on it with a TypeError.
    if (ctx.get('accept-encoding') && !ctx.acceptsEncodings('br', 'gzip', 'identity')) {
      ctx.request.headers['accept-encoding'] = 'identity';
    }
    const started = process.hrtime.bigint();
    try {
      await next();
      // A file shown in place (a PDF in File Preview) is framed by the app's own page: this origin may frame it,
      // nobody else may (the rest of the product still refuses every frame).
      if (/^inline/i.test(ctx.response.get('Content-Disposition'))) {
        ctx.set('X-Frame-Options', 'SAMEORIGIN');
        ctx.set('Content-Security-Policy', contentSecurityPolicy("'self'", config.logoHosts));
      }
    } catch (error) {
      // Whatever escapes the middleware outside the inner error mapper (compression) still answers an envelope.
      mapError(ctx, error, logger);
    } finally {
      if (ctx.path.startsWith('/api')) {
        logger.info(
          {
            requestId,
            method: ctx.method,
            path: redactPath(ctx.path),
            status: ctx.status,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request',
        );
      }
    }
  });

  // Answers (JSON, CSV, static files without a pre-compressed copy) above 1 kB go out as br or gzip when the client
  // accepts it; koa-compress leaves bodies that already carry a Content-Encoding and types that do not compress.
  // Fast settings: dynamic answers are compressed on every call, so CPU matters more than the last few percent of size
  // (static files were compressed at their best at build time).
  app.use(
    compress({
      threshold: COMPRESS_THRESHOLD,
      gzip: { level: 1 },
      deflate: false,
      br: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    }),
  );

  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      mapError(ctx, error, logger);
    }
  });

  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get('origin');
        return config.corsOrigins.includes(origin) ? origin : '';
      },
      credentials: false,
      exposeHeaders: ['x-app-version', 'x-request-id', 'Content-Disposition'],
      allowHeaders: ['Authorization', 'Content-Type', 'timezone', 'Cache-Control', 'Pragma', 'Expires', 'x-request-id'],
    }),
  );

  // Until migrations are done, and once shutdown began, only the health answers: a request on a half-migrated schema
  // could fail in ways a retry on another replica would not.
  app.use(async (ctx, next) => {
    if (health.state === 'ready' || !isApi(ctx.path) || HEALTH_PATHS.includes(ctx.path)) return next();
    if (health.state === 'stopping') ctx.set('Connection', 'close');
    ctx.set('Retry-After', '1');
    sendError(ctx, new AppError(503, 'SERVICE_UNAVAILABLE'));
  });

  // Each /api request gets a lazy body reader: the route reads its body (JSON, or multipart where it accepts files)
  // only after its access rule, path and owner check passed (body.ts, mount.ts).
  app.use(bodyReader(config, logger));

  // The token call's budget depends on its grant (a sign-in or a refresh): the limit reads that call's body itself.
  app.use(
    authRateLimit(deps.db, {
      perMinute: config.authRateLimitPerMinute,
      refreshPerMinute: config.authRefreshRateLimitPerMinute,
      publicPerMinute: config.publicFormRateLimitPerMinute,
      failedSignInsPerAddress: config.failedSignInsPerAddress,
    }),
  );

  // Unknown /api paths answer a 404 envelope (after the router had its chance to answer 405 for a wrong method).
  app.use(async (ctx, next) => {
    if (!isApi(ctx.path)) return next();
    await next();
    if (ctx.status === 404 && ctx.body === undefined)
      throw new NotFoundError('NO_SUCH_PATH', { method: ctx.method, path: ctx.path });
  });

  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const up = await pingDb(deps.db);
    const d = { status: up ? 'ok' : 'down', version: appVersion, db: up ? 'up' : 'down' };
    if (up) ctx.body = { ok: true, m: '', d };
    else sendError(ctx, new AppError(503, 'DB_UNAVAILABLE'), d);
  });
  // Liveness: the process answers, whatever the database does (a load balancer restarts a replica on failure).
  router.get('/health/live', (ctx) => {
    ctx.body = { ok: true, m: '', d: { status: 'ok', version: appVersion } };
  });
  // Readiness: send traffic here only once migrations are done, the database answers and no shutdown is under way.
  router.get('/health/ready', async (ctx) => {
    const up = health.state === 'ready' && (await pingDb(deps.db));
    const d = { status: up ? 'ready' : health.state === 'ready' ? 'db-down' : health.state, version: appVersion };
    if (up) ctx.body = { ok: true, m: '', d };
    else sendError(ctx, new AppError(503, 'NOT_READY'), d);
  });
  const openapi = buildOpenApi(routes, appVersion);
  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  // The readable reference of the same document (Swagger UI, offline, no inline script).
  mountApiDocs(router);
  // Signed, expiring file links (DESIGN §5): the token is the only authority, so it works in <img> and downloads.
  router.get('/files/:token', (ctx) => serveSignedFile(ctx, deps.files, config, ctx.params.token ?? ''));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  // One router per area, the first segment after /api (supplier, provider, notisphere, auth, …): @koa/router tests its
  // routes' patterns one by one, so a request is matched against its own area's routes, not all of them (about 470).
  const areas = new Map<string, Router>();
  for (const route of routes) {
    const area = route.path.split('/')[1] ?? '';
    if (!areas.has(area)) areas.set(area, new Router({ prefix: '/api' }));
    mount(areas.get(area)!, route, deps);
  }
  const dispatch = new Map(
    [...areas].map(([area, areaRouter]) => {
      const matched = areaRouter.routes() as Koa.Middleware;
      const allowed = areaRouter.allowedMethods({ throw: true }) as Koa.Middleware;
      return [area, ((ctx, next) => matched(ctx, () => allowed(ctx, next))) as Koa.Middleware] as const;
    }),
  );
  app.use((ctx, next) => {
    const handle = ctx.path.startsWith('/api/') ? dispatch.get(ctx.path.slice(5).split('/', 1)[0]!) : undefined;
    return handle ? handle(ctx, next) : next();
  });

  // The web app: static files, and index.html for any other browser path (the app shows its own not-found page).
  app.use(async (ctx) => {
    if (isApi(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
    const root = config.webDist;
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built. Run `pnpm start` (which builds it) or `pnpm build`.';
      return;
    }
    const file = path.join(root, path.normalize(ctx.path).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(root) && ctx.path !== '/' && existsSync(file) && statSync(file).isFile()) {
      // Hashed build assets never change under their name; index.html names the current ones, so it is revalidated.
      await send(ctx, ctx.path, {
        root,
        brotli: true,
        gzip: true,
        setHeaders: (res, p) => {
          if (p.includes(`${path.sep}assets${path.sep}`))
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (path.basename(p).startsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
        },
      });
      return;
    }
    // koa-send serves the .br or .gz copy written at build time when the client accepts it.
    await send(ctx, 'index.html', {
      root,
      brotli: true,
      gzip: true,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    });
  });

  return app;
}
