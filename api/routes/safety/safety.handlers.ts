import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { RATE_LIMITS } from '../../../core/accounts/policy';
import {
  addContact,
  blockUser,
  deleteContact,
  makePrimary,
  reportIncident,
  reportUser,
  type SafetyDeps,
  unblockUser,
  updateContact,
} from '../../../core/safety/safety';
import { ipKey, WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendOrRefuse, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './safety.routes';

const contactDto = (c: { createdAt: Date; updatedAt: Date } & Record<string, unknown>) => ({
  id: c.id as string,
  name: c.name as string,
  phone: c.phone as string,
  relationship: c.relationship as string,
  isPrimary: c.isPrimary as boolean,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export function safetyRouter(deps: SafetyDeps & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const blockChange = (c: Context<AppEnv>) =>
    spendPerActor(deps, c, 'block', WRITE_LIMITS.blockChangesPerUser, WRITE_LIMITS.blockChangesPerIp);

  app.openapi(routes.blockRoute, async (c) => {
    const user = requireUser(c);
    const body = c.req.valid('json');
    await blockChange(c);
    return c.json(
      unwrap(await blockUser(deps, user.id, { userId: body.blockedUserId, reason: body.reason ?? null })),
      201,
    );
  });

  app.openapi(routes.listBlocksRoute, async (c) => {
    const user = requireUser(c);
    const blocked = await deps.safety.blocks(user.id);
    return c.json({ blocked: blocked.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })) }, 200);
  });

  app.openapi(routes.unblockRoute, async (c) => {
    const user = requireUser(c);
    await blockChange(c);
    return c.json(unwrap(await unblockUser(deps, user.id, c.req.valid('param').blockId)), 200);
  });

  app.openapi(routes.reportRoute, async (c) => {
    const user = requireUser(c);
    const b = c.req.valid('json');
    // Issue 14: a flood of reports buries the real ones in the admins' queue.
    await spendPerActor(deps, c, 'report', WRITE_LIMITS.reportsPerUser, WRITE_LIMITS.reportsPerIp);
    const result = await reportUser(deps, user.id, {
      userId: b.reportedUserId,
      category: b.category,
      severity: b.severity,
      details: b.details ?? null,
    });
    return c.json(unwrap(result), 201);
  });

  app.openapi(routes.listContactsRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ contacts: (await deps.safety.contacts(user.id)).map(contactDto) }, 200);
  });

  app.openapi(routes.addContactRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(deps, c, 'contact', WRITE_LIMITS.contactsAddedPerUser, WRITE_LIMITS.contactsAddedPerIp);
    return c.json({ contact: contactDto(unwrap(await addContact(deps, user.id, c.req.valid('json')))) }, 201);
  });

  app.openapi(routes.updateContactRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await updateContact(deps, user.id, c.req.valid('param').contactId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.deleteContactRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await deleteContact(deps, user.id, c.req.valid('param').contactId)), 200);
  });

  app.openapi(routes.primaryContactRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await makePrimary(deps, user.id, c.req.valid('param').contactId)), 200);
  });

  app.openapi(routes.incidentRoute, async (c) => {
    // Anyone may report, so the form is rate-limited per client address.
    await spendOrRefuse(deps, c, [[`incident:ip:${ipKey(c.get('ip'))}`, RATE_LIMITS.mailPerIp]]);
    const r = unwrap(await reportIncident(deps, c.get('user')?.id ?? null, c.req.valid('json')));
    return c.json(
      {
        id: r.id,
        status: r.status,
        priority: r.priority,
        acknowledgeBy: r.acknowledgeBy.toISOString(),
        respondBy: r.respondBy.toISOString(),
      },
      201,
    );
  });

  return app;
}
