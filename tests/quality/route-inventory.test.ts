/**
 * The document is the contract (issue 11 §1, §2): every route the app registers is in
 * /api/openapi.json (or on a short, explained allow-list), every documented operation is served,
 * and every operation says who may call it.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { makeTestApp, TEST_ORIGIN } from '../support/test-app';
import { accessGaps, inventoryGaps, registeredRoutes } from './support/inventory';
import { fetchDocument, type OpenApiDocument, operationsOf } from './support/openapi';

async function appAndDocument(overrides: Record<string, string> = {}) {
  const t = makeTestApp(overrides);
  return { app: t.app, doc: await fetchDocument(t.app.fetch, TEST_ORIGIN) };
}

describe('route inventory', () => {
  it.each([['test'], ['production']])(
    'in %s mode, every registered route is documented and vice versa',
    async (mode) => {
      const { app, doc } = await appAndDocument({ NODE_ENV: mode });
      expect(inventoryGaps(app, doc)).toEqual({ undocumented: [], unserved: [] });
      expect(operationsOf(doc).length).toBeGreaterThan(0);
    },
  );

  it('catches a route added without a contract, and a contract nobody serves', async () => {
    const { app, doc } = await appAndDocument();
    const sneaky = new OpenAPIHono();
    sneaky.get('/api/sneaky', (c) => c.json({ ok: true }));
    sneaky.post('/api/admin/users/:id/ban', (c) => c.json({ ok: true }));
    const tampered = { routes: [...app.routes, ...sneaky.routes] };
    const before = inventoryGaps(app, doc).undocumented;
    expect(inventoryGaps(tampered, doc).undocumented.filter((r) => !before.includes(r))).toEqual([
      'GET /api/sneaky',
      'POST /api/admin/users/:id/ban',
    ]);
    const ghost: OpenApiDocument = structuredClone(doc);
    ghost.paths['/api/ghost/{id}'] = { delete: { responses: {} } };
    const unservedBefore = inventoryGaps(app, doc).unserved;
    expect(inventoryGaps(app, ghost).unserved.filter((r) => !unservedBefore.includes(r))).toEqual([
      'DELETE /api/ghost/:id',
    ]);
  });

  it('production has no development routes', async () => {
    const { app } = await appAndDocument({ NODE_ENV: 'production' });
    expect(registeredRoutes(app).filter((r) => r.includes('/dev/'))).toEqual([]);
  });
});

describe('x-access', () => {
  it('is declared with a known level on every operation', async () => {
    const { doc } = await appAndDocument();
    expect(accessGaps(doc)).toEqual([]);
  });

  it('fails an operation without it or with an unknown level', async () => {
    const { doc } = await appAndDocument();
    const tampered: OpenApiDocument = structuredClone(doc);
    delete tampered.paths['/api/me']!.get!['x-access'];
    tampered.paths['/api/config']!.get!['x-access'] = 'superuser';
    expect(accessGaps(tampered)).toEqual(['GET /api/config: x-access = "superuser"', 'GET /api/me: x-access = null']);
  });

  it('agrees with the rest of the contract: signed-in levels use the session cookie and declare 401', async () => {
    const { doc } = await appAndDocument();
    for (const op of operationsOf(doc)) {
      const signedIn = op.spec['x-access'] !== 'anonymous';
      expect(Boolean(op.spec.security?.length), `${op.id} security`).toBe(signedIn);
      if (signedIn) expect(op.spec.responses['401'], `${op.id} declares 401`).toBeDefined();
      if (op.method !== 'GET') expect(op.spec.responses['403'], `${op.id} declares the Origin 403`).toBeDefined();
    }
  });
});
