/** D27: every admin handler starts here; the server checks an active admin row, and logs refusals. */
import type { Context } from 'hono';
import type { SecurityEventLog } from '../../core/accounts/ports';
import { type AdminRepository, requireAdmin } from '../../core/moderation/admin';
import type { Clock } from '../../core/shared/clock';
import type { AppEnv } from '../context';
import { DomainFailure } from '../errors';
import { requireUser } from './session';

export function adminGuard(deps: {
  admin: Pick<AdminRepository, 'isActiveAdmin'>;
  securityLog: SecurityEventLog;
  clock: Clock;
}) {
  return async (c: Context<AppEnv>) => {
    const user = requireUser(c);
    const allowed = await requireAdmin(deps, user.id);
    if (!allowed.ok) {
      await deps.securityLog.record(
        {
          type: 'authorization_denied',
          userId: user.id,
          ip: c.get('ip'),
          userAgent: c.get('userAgent'),
          details: { path: c.req.path },
        },
        deps.clock.now(),
      );
      throw new DomainFailure(allowed.error);
    }
    return user;
  };
}
