/**
 * Interactive API docs at /api/docs: Swagger UI served from the swagger-ui-dist package
 * (no CDN: the product runs offline, and the CSP allows scripts only from self).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context } from 'hono';

const require = createRequire(import.meta.url);
const DIST = dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});`;

export function apiDocsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Nestmate API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <link rel="icon" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
  <main id="swagger-ui"></main>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/init.js"></script>
</body>
</html>`;
}

export function swaggerAssets() {
  return async (c: Context) => {
    const file = c.req.param('file') ?? '';
    if (file === 'init.js') return c.body(INITIALIZER, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = await readFile(join(DIST, file));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  };
}
