import { OpenAPIHono } from '@hono/zod-openapi';
import {
  createGroup,
  deleteGroup,
  type GroupDeps,
  type GroupView,
  generateInviteCode,
  joinGroup,
  leaveGroup,
  listGroups,
  removeMember,
  setMode,
  updateGroup,
} from '../../../core/groups/groups';
import { isCodeLive } from '../../../core/groups/rules';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './groups.routes';

/** Allow-list mapper (style habit 9): members show name and photo only; a stale code is not shown. */
const toGroupDto = (g: GroupView, now: Date) => {
  const live = g.inviteCode !== null && isCodeLive(g.inviteCodeExpiresAt, now);
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    inviteCode: live ? g.inviteCode : null,
    inviteCodeExpiresAt: live ? (g.inviteCodeExpiresAt?.toISOString() ?? null) : null,
    createdAt: g.createdAt.toISOString(),
    members: g.members.map((m) => ({
      userId: m.userId,
      role: m.role,
      name: m.name,
      profilePhotoUrl: m.photoUrl,
      joinedAt: m.joinedAt.toISOString(),
    })),
  };
};

export function groupsRouter(deps: GroupDeps & LimitDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const dto = (g: GroupView) => toGroupDto(g, deps.clock.now());

  app.openapi(routes.listGroupsRoute, async (c) => {
    const user = requireUser(c);
    const { groups, mode, activeGroupId } = await listGroups(deps, user.id);
    return c.json({ groups: groups.map(dto), mode, activeGroupId }, 200);
  });

  app.openapi(routes.createGroupRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(deps, c, 'group-create', WRITE_LIMITS.groupsCreatedPerUser, WRITE_LIMITS.groupsCreatedPerIp);
    return c.json({ group: dto(unwrap(await createGroup(deps, user.id, c.req.valid('json')))) }, 201);
  });

  app.openapi(routes.updateGroupRoute, async (c) => {
    const user = requireUser(c);
    const { groupId } = c.req.valid('param');
    return c.json({ group: dto(unwrap(await updateGroup(deps, user.id, groupId, c.req.valid('json')))) }, 200);
  });

  app.openapi(routes.deleteGroupRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await deleteGroup(deps, user.id, c.req.valid('param').groupId)), 200);
  });

  app.openapi(routes.inviteCodeRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(deps, c, 'invite-code', WRITE_LIMITS.inviteCodesPerUser, WRITE_LIMITS.inviteCodesPerIp);
    const code = unwrap(await generateInviteCode(deps, user.id, c.req.valid('param').groupId));
    return c.json({ inviteCode: code.inviteCode, expiresAt: code.expiresAt.toISOString() }, 201);
  });

  app.openapi(routes.joinGroupRoute, async (c) => {
    const user = requireUser(c);
    const joined = await joinGroup(deps, user.id, c.req.valid('json').inviteCode, { ip: c.get('ip') });
    return c.json({ group: dto(unwrap(joined)) }, 200);
  });

  app.openapi(routes.leaveGroupRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await leaveGroup(deps, user.id, c.req.valid('param').groupId)), 200);
  });

  app.openapi(routes.removeMemberRoute, async (c) => {
    const user = requireUser(c);
    const { groupId, userId } = c.req.valid('param');
    return c.json(unwrap(await removeMember(deps, user.id, groupId, userId)), 200);
  });

  app.openapi(routes.setModeRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await setMode(deps, user.id, c.req.valid('json'))), 200);
  });

  return app;
}
