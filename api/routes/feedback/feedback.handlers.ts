import { OpenAPIHono } from '@hono/zod-openapi';
import {
  type FeedbackDeps,
  popularRequests,
  submitFeatureRequest,
  voteForRequest,
} from '../../../core/feedback/feature-requests';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './feedback.routes';

export function feedbackRouter(deps: FeedbackDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.submitRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await submitFeatureRequest(deps, user.id, c.req.valid('json'))), 201);
  });

  app.openapi(routes.popularRoute, async (c) => {
    requireUser(c);
    return c.json({ requests: await popularRequests(deps) }, 200);
  });

  app.openapi(routes.voteRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await voteForRequest(deps, user.id, c.req.valid('param').featureRequestId)), 200);
  });

  return app;
}
