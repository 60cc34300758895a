import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ConsentRecord, StoredMail } from '../../../adapters/db/sqlite/platform.repository';
import { firstLink } from '../../../core/accounts/mails';
import type { SecurityEventLog } from '../../../core/accounts/ports';
import type { Clock } from '../../../core/shared/clock';
import { validationError } from '../../../core/shared/errors';
import { ipKey, type RateLimiter, WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { DomainFailure } from '../../errors';
import { spendOrRefuse } from '../../middleware/rate-limit';
import { validationHook } from '../../validation';
import * as routes from './platform.routes';

// Hono's cached body: when the JSON validator already read a JSON report, the raw request is
// used up and cloning it threw (a 500 for every valid report sent as application/json, issue 11).
async function readJson(req: { text(): Promise<string> }): Promise<unknown> {
  try {
    return JSON.parse(await req.text());
  } catch {
    return null;
  }
}

export type PlatformDeps = {
  clock: Clock;
  securityLog: SecurityEventLog;
  consentLog: { record(c: ConsentRecord, at: Date): Promise<void> };
  outbox: { list(limit?: number): Promise<StoredMail[]> };
  ageGateEnabled: boolean;
  devTools: boolean;
  ping(): Promise<void>;
  rateLimiter: RateLimiter;
};

/** Anyone can write these without signing in, so each is limited per client address (issue 14). */
const perIp = (deps: PlatformDeps, c: Pick<Context<AppEnv>, 'get'>, what: string) =>
  spendOrRefuse(deps, c, [[`${what}:ip:${ipKey(c.get('ip'))}`, WRITE_LIMITS.anonymousPerIp]]);

export function platformRouter(deps: PlatformDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.configRoute, (c) => c.json({ ageGateEnabled: deps.ageGateEnabled }, 200));

  app.openapi(routes.healthRoute, async (c) => {
    await deps.ping();
    return c.json({ status: 'ok' as const }, 200);
  });

  app.openapi(routes.logConsentRoute, async (c) => {
    const body = c.req.valid('json');
    await perIp(deps, c, 'consent');
    await deps.consentLog.record(
      { ...body, userId: c.get('user')?.id ?? null, ip: c.get('ip'), userAgent: c.get('userAgent') },
      deps.clock.now(),
    );
    return c.json({ logged: true as const }, 201);
  });

  app.openapi(routes.securityEventRoute, async (c) => {
    const body = c.req.valid('json');
    await perIp(deps, c, 'security-event');
    await deps.securityLog.record(
      {
        type: body.event_type,
        userId: c.get('user')?.id ?? null,
        ip: c.get('ip'),
        userAgent: c.get('userAgent'),
        details: body.event_details,
      },
      deps.clock.now(),
    );
    return c.json({ logged: true as const }, 202);
  });

  app.openapi(routes.cspReportRoute, async (c) => {
    const parsed = routes.CspReport.safeParse(await readJson(c.req));
    if (!parsed.success)
      throw new DomainFailure(validationError([{ path: 'csp-report', message: 'Invalid input detected' }]));
    await perIp(deps, c, 'csp-report');
    const report = parsed.data['csp-report'];
    await deps.securityLog.record(
      {
        type: 'csp_violation',
        userId: c.get('user')?.id ?? null,
        ip: c.get('ip'),
        userAgent: c.get('userAgent'),
        details: {
          blocked_uri: report['blocked-uri'] ?? null,
          violated_directive: report['violated-directive'] ?? report['effective-directive'] ?? null,
          original_policy: report['original-policy'] ?? null,
          timestamp: deps.clock.now().toISOString(),
        },
      },
      deps.clock.now(),
    );
    return c.body(null, 204);
  });

  if (deps.devTools) {
    app.openapi(routes.devMailboxRoute, async (c) => {
      const messages = (await deps.outbox.list(50)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        link: firstLink(m.text),
        createdAt: m.createdAt.toISOString(),
      }));
      return c.json({ messages }, 200);
    });
  }
  return app;
}
