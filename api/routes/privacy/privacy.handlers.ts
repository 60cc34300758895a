import { OpenAPIHono } from '@hono/zod-openapi';
import { type DataRequest, downloadExport, type PrivacyDeps, requestData } from '../../../core/privacy/data-requests';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './privacy.routes';

const dto = (r: DataRequest) => ({
  id: r.id,
  requestType: r.requestType,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
});

export function privacyRouter(
  deps: PrivacyDeps & Pick<Parameters<typeof requestData>[0], 'sessionEndings'> & LimitDeps,
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.listRequestsRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ requests: (await deps.privacy.list(user.id)).map(dto) }, 200);
  });

  app.openapi(routes.createRequestRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(deps, c, 'data-request', WRITE_LIMITS.dataRequestsPerUser, WRITE_LIMITS.dataRequestsPerIp);
    const request = unwrap(await requestData(deps, user.id, c.req.valid('json').requestType));
    return c.json({ request: dto(request) }, 201);
  });

  app.openapi(routes.downloadRoute, async (c) => {
    const user = requireUser(c);
    const archive = unwrap(await downloadExport(deps, user.id, c.req.valid('param').requestId));
    c.header('Content-Disposition', 'attachment; filename="nestmate-export.json"');
    return c.json(JSON.parse(archive) as Record<string, never>, 200);
  });

  return app;
}
