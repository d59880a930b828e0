import type { Router } from '@koa/router';
import type { Context } from 'koa';
import send from 'koa-send';
// Its own file, not the package's index: that one loads the 1 MB browser bundle into the server.
import swaggerUiPath from 'swagger-ui-dist/absolute-path.js';

/**
 * The API reference at /api/docs: Swagger UI (swagger-ui-dist, served from node_modules, so it works offline) reading
 * the same /api/openapi.json. The page holds no inline script: its initializer is a file of its own (/api/docs/init.js),
 * so the product's content security policy (script-src 'self') holds unchanged.
 */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Recall and supply advisory portal</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// No validator badge (it would call validator.swagger.io): the document is linted in the tests instead.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/**
 * swagger-ui-dist's folder. An import, not require.resolve from this file: the production build rewrites imports to
 * the installed path, which a bare name resolved from dist/ would not reach.
 */
function assetRoot(): string {
  return swaggerUiPath();
}

/** Mounts GET /docs, /docs/init.js and the few Swagger UI files the page loads on the BFF's /api router. */
export function mountApiDocs(router: Router): void {
  const root = assetRoot();
  const page = (ctx: Context) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = PAGE;
  };
  router.get('/docs', page);
  router.get('/docs/', page);
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = INIT;
  });
  router.get('/docs/:file', async (ctx, next) => {
    const file = ctx.params.file ?? '';
    if (!ASSETS.has(file)) return next();
    ctx.set('Cache-Control', 'public, max-age=86400');
    await send(ctx, file, { root });
  });
}
