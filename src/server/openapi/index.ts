import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../types';
import { DOCS_PAGE_CSP, renderDocsPage } from './docs-page';
import { openApiDocument } from './document';

export { apiOperations, buildOpenApiDocument, openApiDocument, openApiPath, type OpenApiDocument } from './document';

/** An hour in caches; the ETag lets a cache check it afterwards for a 304. */
const CACHE_CONTROL = 'public, max-age=3600';

let json: { body: string; etag: string } | undefined;
let page: { body: string; etag: string } | undefined;

const withEtag = (body: string) => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

function send(c: Context, { body, etag }: { body: string; etag: string }, type: string) {
  c.header('Cache-Control', CACHE_CONTROL);
  c.header('ETag', etag);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  c.header('Content-Type', type);
  return c.body(body, 200);
}

/**
 * `GET /api/openapi.json` (the API's shapes, public) and `GET /api/docs` (the same as a page).
 * Mounted by app.ts beside `apiRoutes`, not in it: they describe the contract, not part of it.
 */
export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) =>
    send(c, (json ??= withEtag(JSON.stringify(openApiDocument()))), 'application/json; charset=utf-8'),
  )
  .get('/docs', (c) => {
    c.header('Content-Security-Policy', DOCS_PAGE_CSP);
    return send(c, (page ??= withEtag(renderDocsPage(openApiDocument()))), 'text/html; charset=utf-8');
  });
