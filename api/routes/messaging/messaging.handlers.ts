import { OpenAPIHono } from '@hono/zod-openapi';
import { ENTITLEMENTS, planOf } from '../../../core/billing/entitlements';
import type { GroupRepository } from '../../../core/groups/groups';
import type { DiscoveryRepository, SubscriptionRepository } from '../../../core/matching/ports';
import {
  askToVerify,
  deleteConversation,
  groupReads,
  listConversations,
  listMessages,
  markRead,
  openConversation,
  sendMessage,
} from '../../../core/messaging/conversations';
import { type GroupCallRepository, liveGroupCall } from '../../../core/messaging/group-calls';
import { suggestIcebreakers } from '../../../core/messaging/icebreakers';
import { type MessagingDeps, toMessageDto } from '../../../core/messaging/ports';
import type { ProfileRepository } from '../../../core/profiles/ports';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { type LimitDeps, spendOrRefuse } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './messaging.routes';

export type MessagingRouteDeps = MessagingDeps &
  Pick<LimitDeps, 'rateLimiter' | 'securityLog'> & {
    discovery: Pick<DiscoveryRepository, 'cards'>;
    /** Group chats' member names and photos (issue 20), as the group screens show them. */
    groups: Pick<GroupRepository, 'groupsOf'>;
    profiles: Pick<ProfileRepository, 'get'>;
    subscriptions: SubscriptionRepository;
    iceServers: { urls: string | string[] }[];
    ringTimeoutSeconds: number;
    groupCalls: GroupCallRepository;
  };

export function messagingRouter(deps: MessagingRouteDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.listConversationsRoute, async (c) => {
    const user = requireUser(c);
    const [list, groupList, groups] = await Promise.all([
      listConversations(deps, user.id),
      deps.groupChats.list(user.id),
      deps.groups.groupsOf(user.id),
    ]);
    const groupViews = new Map(groups.map((g) => [g.id, g]));
    // Cards leave out blocked and inactive people, so their conversations drop off the list (D19);
    // a group match chat shows the people in it whom the viewer may see (issue 20, N118).
    const matchPeople = groupList.flatMap((g) => (g.kind === 'match' ? g.memberIds : []));
    const cards = new Map(
      (await deps.discovery.cards(user.id, [...new Set([...list.map((l) => l.otherUserId), ...matchPeople])])).map(
        (x) => [x.userId, x],
      ),
    );
    const membersOf = (g: (typeof groupList)[number]) =>
      g.kind === 'group'
        ? (groupViews.get(g.groupId)?.members ?? []).map((m) => ({
            userId: m.userId,
            name: m.name,
            profilePhotoUrl: m.photoUrl,
          }))
        : g.memberIds.flatMap((id) => {
            const card = cards.get(id);
            return card ? [{ userId: id, name: card.name, profilePhotoUrl: card.photos[0] ?? null }] : [];
          });
    return c.json(
      {
        conversations: list.flatMap((l) => {
          const other = cards.get(l.otherUserId);
          if (!other) return [];
          return [
            {
              id: l.id,
              otherUser: {
                userId: other.userId,
                name: other.name,
                university: other.university,
                profilePhotoUrl: other.photos[0] ?? null,
                badges: { ...other.badges },
              },
              lastMessageAt: l.lastMessageAt?.toISOString() ?? null,
              lastMessageText: l.lastMessageText,
              unreadCount: l.unreadCount,
              createdAt: l.createdAt.toISOString(),
            },
          ];
        }),
        groupConversations: groupList.map((g) => ({
          id: g.id,
          groupId: g.groupId,
          name: g.name,
          kind: g.kind,
          members: membersOf(g),
          lastMessageAt: g.lastMessageAt?.toISOString() ?? null,
          lastMessageText: g.lastMessageText,
          unreadCount: g.unreadCount,
          createdAt: g.createdAt.toISOString(),
        })),
      },
      200,
    );
  });

  app.openapi(routes.groupCallRoute, async (c) => {
    const user = requireUser(c);
    const call = unwrap(
      await liveGroupCall({ ...deps, calls: deps.groupCalls }, user.id, c.req.valid('param').conversationId),
    );
    return c.json(
      {
        call: call && {
          id: call.id,
          media: call.media,
          callerId: call.callerId,
          participantIds: call.participantIds,
          createdAt: call.createdAt.toISOString(),
        },
      },
      200,
    );
  });

  app.openapi(routes.groupReadsRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ reads: unwrap(await groupReads(deps, user.id, c.req.valid('param').conversationId)) }, 200);
  });

  app.openapi(routes.openConversationRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await openConversation(deps, user.id, c.req.valid('json').withUserId)), 200);
  });

  app.openapi(routes.listMessagesRoute, async (c) => {
    const user = requireUser(c);
    const q = c.req.valid('query');
    const page = { after: q.after, before: q.before, limit: q.limit ?? 50 };
    const messages = unwrap(await listMessages(deps, user.id, c.req.valid('param').conversationId, page));
    return c.json({ messages: messages.map((m) => toMessageDto(m, user.id)) }, 200);
  });

  app.openapi(routes.sendMessageRoute, async (c) => {
    const user = requireUser(c);
    const { content, confirmed } = c.req.valid('json');
    const message = unwrap(
      await sendMessage(deps, user.id, c.req.valid('param').conversationId, content, { confirmed }),
    );
    return c.json({ message: toMessageDto(message, user.id) }, 201);
  });

  app.openapi(routes.askToVerifyRoute, async (c) => {
    const user = requireUser(c);
    const { conversationId } = c.req.valid('param');
    const message = unwrap(
      await askToVerify(deps, user.id, conversationId, () =>
        spendOrRefuse(deps, c, [
          [`verify-ask:conversation:${user.id}:${conversationId}`, WRITE_LIMITS.verifyAsksPerConversation],
          [`verify-ask:user:${user.id}`, WRITE_LIMITS.verifyAsksPerUser],
        ]),
      ),
    );
    return c.json({ message: toMessageDto(message, user.id) }, 201);
  });

  app.openapi(routes.markReadRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await markRead(deps, user.id, c.req.valid('param').conversationId)), 200);
  });

  app.openapi(routes.deleteConversationRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await deleteConversation(deps, user.id, c.req.valid('param').conversationId)), 200);
  });

  app.openapi(routes.icebreakersRoute, async (c) => {
    const user = requireUser(c);
    const suggestions = unwrap(await suggestIcebreakers(deps, user.id, c.req.valid('param').conversationId));
    return c.json({ suggestions }, 200);
  });

  app.openapi(routes.callConfigRoute, async (c) => {
    const user = requireUser(c);
    const plan = planOf(await deps.subscriptions.get(user.id), deps.clock.now());
    return c.json(
      { canCall: ENTITLEMENTS[plan].calls, iceServers: deps.iceServers, ringTimeoutSeconds: deps.ringTimeoutSeconds },
      200,
    );
  });

  return app;
}
