import { OpenAPIHono } from '@hono/zod-openapi';
import type { SecurityEventLog } from '../../../core/accounts/ports';
import {
  type AdminDeps,
  adminErrors,
  autoFlagPrecision,
  dailySeries,
  type FlagView,
  type ReportView,
  reviewFlag,
  reviewFlags,
  setReportStatus,
  setUserStatus,
} from '../../../core/moderation/admin';
import { severityLevel } from '../../../core/moderation/severity';
import { outcomeAnalytics } from '../../../core/roommate-agreements/evaluate';
import { scoredOutcomes } from '../../../core/roommate-agreements/outcome-report';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { adminGuard } from '../../middleware/admin';
import { validationHook } from '../../validation';
import * as routes from './admin.routes';

const reportDto = (r: ReportView) => ({ ...r, createdAt: r.createdAt.toISOString() });
const flagDto = (f: FlagView) => ({
  ...f,
  severity: severityLevel(f.flagReason),
  createdAt: f.createdAt.toISOString(),
  reviewedAt: f.reviewedAt?.toISOString() ?? null,
});

export function adminRouter(
  deps: AdminDeps & { securityLog: SecurityEventLog } & Parameters<typeof scoredOutcomes>[0],
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  const adminUser = adminGuard(deps);

  app.openapi(routes.adminMeRoute, async (c) => {
    await adminUser(c);
    return c.json({ admin: true as const }, 200);
  });

  app.openapi(routes.statsRoute, async (c) => {
    await adminUser(c);
    return c.json(await deps.admin.stats(), 200);
  });

  app.openapi(routes.reportsRoute, async (c) => {
    await adminUser(c);
    return c.json({ reports: (await deps.admin.recentReports(10)).map(reportDto) }, 200);
  });

  app.openapi(routes.reportRoute, async (c) => {
    await adminUser(c);
    const report = await deps.admin.report(c.req.valid('param').reportId);
    if (!report) throw new DomainFailure(adminErrors.reportNotFound());
    return c.json({ report: reportDto(report) }, 200);
  });

  app.openapi(routes.reportStatusRoute, async (c) => {
    const user = await adminUser(c);
    return c.json(
      unwrap(await setReportStatus(deps, user.id, c.req.valid('param').reportId, c.req.valid('json').reportStatus)),
      200,
    );
  });

  app.openapi(routes.flagsRoute, async (c) => {
    await adminUser(c);
    const flags = await deps.admin.flags(c.req.valid('query').status ?? 'pending', 100);
    return c.json({ flags: flags.map(flagDto) }, 200);
  });

  app.openapi(routes.reviewFlagRoute, async (c) => {
    const user = await adminUser(c);
    const { decision, note } = c.req.valid('json');
    return c.json(unwrap(await reviewFlag(deps, user.id, c.req.valid('param').flagId, decision, note ?? null)), 200);
  });

  app.openapi(routes.bulkReviewFlagsRoute, async (c) => {
    const user = await adminUser(c);
    const { flagIds, decision, note } = c.req.valid('json');
    return c.json({ results: await reviewFlags(deps, user.id, flagIds, decision, note ?? null) }, 200);
  });

  app.openapi(routes.usersRoute, async (c) => {
    await adminUser(c);
    const users = await deps.admin.searchUsers(c.req.valid('query').q ?? '', 25);
    return c.json({ users: users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })) }, 200);
  });

  app.openapi(routes.userStatusRoute, async (c) => {
    const user = await adminUser(c);
    return c.json(
      unwrap(await setUserStatus(deps, user.id, c.req.valid('param').userId, c.req.valid('json').accountStatus)),
      200,
    );
  });

  app.openapi(routes.userHistoryRoute, async (c) => {
    await adminUser(c);
    const h = await deps.admin.userHistory(c.req.valid('param').userId, 100);
    return c.json(
      {
        flags: h.flags.map(flagDto),
        reportsAgainst: h.reportsAgainst.map(reportDto),
        reportsBy: h.reportsBy.map(reportDto),
        decisions: h.decisions.map((d) => ({
          id: d.id,
          adminId: d.adminId,
          action: d.action,
          targetType: d.targetType,
          targetId: d.targetId,
          details: d.details,
          createdAt: d.createdAt.toISOString(),
        })),
      },
      200,
    );
  });

  app.openapi(routes.analyticsRoute, async (c) => {
    await adminUser(c);
    const now = deps.clock.now();
    const days = c.req.valid('query').days ?? 30;
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1));
    const [counts, outcomes] = await Promise.all([deps.admin.dailyCounts(since), deps.admin.autoFlagOutcomes(since)]);
    return c.json(
      { days: dailySeries(since, now, counts), autoFlagPrecision: autoFlagPrecision(since, now, outcomes) },
      200,
    );
  });

  app.openapi(routes.outcomeAnalyticsRoute, async (c) => {
    await adminUser(c);
    const { rows, unscored } = await scoredOutcomes(deps);
    return c.json({ ...outcomeAnalytics(rows), unscored }, 200);
  });

  return app;
}
