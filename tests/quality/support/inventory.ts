/** What the route-inventory and access checks compare: the Hono app's routes and the document. */
import type { Access } from '../../../api/openapi';
import { honoPath, isAccess, type OpenApiDocument, operationsOf } from './openapi';

/**
 * Routes served outside the OpenAPI document on purpose. Anything else the app registers must
 * be documented, so a new route without a contract fails the suite.
 */
export const OUTSIDE_DOCUMENT: Record<string, string> = {
  'ALL /*': 'middleware on every path (security headers, client info) and the static web app',
  'ALL /api/*':
    'API middleware (Origin check, JSON-only, body limit, session) and the 404 problem for unknown API paths',
  'ALL /assets/*': 'hashed static assets of the built web app',
  'GET /*': 'the web app’s index.html for client-side routes',
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'Swagger UI page',
  'GET /api/docs/assets/:file': 'Swagger UI assets served locally',
  'GET /dev/mailbox': 'development-only HTML mailbox (D11)',
  'GET /dev/push': 'development-only record of the local web push twin (issue 19, N99)',
  'GET /media/:userId/:file': 'photo bytes: static media outside the API (profiles)',
  'ALL /media/*': 'middleware in front of the photo bytes (profiles)',
};

export function registeredRoutes(app: { routes: { method: string; path: string }[] }): string[] {
  return [...new Set(app.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`))].sort();
}

export function documentedRoutes(doc: OpenApiDocument): string[] {
  return operationsOf(doc).map((op) => `${op.method} ${honoPath(op.path)}`);
}

/** Registered routes neither documented nor allow-listed, and documented ones nobody serves. */
export function inventoryGaps(app: { routes: { method: string; path: string }[] }, doc: OpenApiDocument) {
  const registered = registeredRoutes(app);
  const documented = new Set(documentedRoutes(doc));
  return {
    undocumented: registered.filter((r) => !documented.has(r) && !(r in OUTSIDE_DOCUMENT)),
    unserved: [...documented].filter((r) => !registered.includes(r)),
  };
}

/** Operations whose `x-access` is missing or not one of the known levels. */
export function accessGaps(doc: OpenApiDocument): string[] {
  return operationsOf(doc)
    .filter((op) => !isAccess(op.spec['x-access']))
    .map((op) => `${op.id}: x-access = ${JSON.stringify(op.spec['x-access'] ?? null)}`);
}

export const accessOf = (spec: { 'x-access'?: unknown }): Access => {
  const access = spec['x-access'];
  if (!isAccess(access)) throw new Error(`x-access ${JSON.stringify(access)} is not a known access level`);
  return access;
};
