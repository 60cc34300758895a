import { OpenAPIHono } from '@hono/zod-openapi';
import {
  type FeedbackDeps,
  popularRequests,
  submitFeatureRequest,
  voteForRequest,
} from '../../../core/feedback/feature-requests';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './feedback.routes';

export function feedbackRouter(deps: FeedbackDeps & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.submitRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(
      deps,
      c,
      'feature-request',
      WRITE_LIMITS.featureRequestsPerUser,
      WRITE_LIMITS.featureRequestsPerIp,
    );
    return c.json(unwrap(await submitFeatureRequest(deps, user.id, c.req.valid('json'))), 201);
  });

  app.openapi(routes.popularRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ requests: await popularRequests(deps, user.id) }, 200);
  });

  app.openapi(routes.voteRoute, async (c) => {
    const user = requireUser(c);
    // One vote per request per day (001 §5) still lets a script vote on every request.
    await spendPerActor(deps, c, 'vote', WRITE_LIMITS.votesPerUser, WRITE_LIMITS.votesPerIp);
    return c.json(unwrap(await voteForRequest(deps, user.id, c.req.valid('param').featureRequestId)), 200);
  });

  return app;
}
