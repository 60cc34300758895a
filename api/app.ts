/**
 * The composition root (style habit 4): wires adapters into use cases and mounts every route,
 * the OpenAPI document, the API docs, dev tools and the built web app.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { workerCampusMatcher } from '../adapters/compute/campus-matcher';
import {
  Argon2PasswordHasher,
  cryptoRandomBytes,
  randomSecrets,
  sha256Digest,
  uuidIds,
} from '../adapters/crypto/crypto';
import { JoseAccessTokenSigner } from '../adapters/crypto/jose-signer';
import { HmacUnsubscribeLinks } from '../adapters/crypto/unsubscribe-links';
import { type Database, openDatabase } from '../adapters/db/database';
import { fixtureDirectory, fixtureSchools } from '../adapters/directory';
import { SharpImageProcessor } from '../adapters/images/sharp.image-processor';
import { OutboxMailer, SmtpMailer } from '../adapters/mail/mailers';
import { createModerationClassifier } from '../adapters/moderation/engine';
import { LocalPaymentGateway } from '../adapters/payments/local.gateway';
import { StripePaymentGateway } from '../adapters/payments/stripe.gateway';
import { LocalPushSender, LocalPushService } from '../adapters/push/local.push';
import { disabledPush, WebPushSender } from '../adapters/push/web-push.sender';
import { InProcessRealtimeBus } from '../adapters/realtime/in-process.bus';
import { realtimeSessionEndings } from '../adapters/realtime/session-endings';
import { photoStoreFor } from '../adapters/storage/photo-store';
import { type Env, isProduction } from '../config/env';
import type { AccountDeps, PasswordHasher } from '../core/accounts/ports';
import { planOf } from '../core/billing/entitlements';
import { conversationIdFor } from '../core/likes/rules';
import type { DiscoveryDeps } from '../core/matching/ports';
import { postGroupEvent, releasedMessage } from '../core/messaging/conversations';
import type { GroupEvent } from '../core/messaging/group-chat';
import type { RealtimeBus } from '../core/messaging/ports';
import type { DigestDeps } from '../core/notifications/digest';
import { deliverSafely, type NewNotification, notifySafely } from '../core/notifications/notifications';
import type { NotificationDeps, PushSender } from '../core/notifications/ports';
import { isPhotoVariantWidth, PHOTO_VARIANT_WIDTHS } from '../core/profiles/photo-type';
import { readPhoto } from '../core/profiles/photos';
import { mayViewPhotos } from '../core/profiles/visibility';
import type { Clock } from '../core/shared/clock';
import { DomainError, unauthenticated, validationError } from '../core/shared/errors';
import type { AppEnv } from './context';
import { apiDocsPage, swaggerAssets } from './docs';
import { DomainFailure, handleError, problemResponse } from './errors';
import { limitBody } from './middleware/body-limit';
import { compression } from './middleware/compression';
import { clientInfo, jsonOnly, originCheck, securityHeaders } from './middleware/security';
import { cookieNames, sessionMiddleware } from './middleware/session';
import { accountsRouter } from './routes/accounts/accounts.handlers';
import { adminRouter } from './routes/admin/admin.handlers';
import { billingRouter } from './routes/billing/billing.handlers';
import { discoveryRouter } from './routes/discovery/discovery.handlers';
import { feedbackRouter } from './routes/feedback/feedback.handlers';
import { groupsRouter } from './routes/groups/groups.handlers';
import { hiddenWordsRouter } from './routes/hidden-words/hidden-words.handlers';
import { likesRouter } from './routes/likes/likes.handlers';
import { messagingRouter } from './routes/messaging/messaging.handlers';
import { mostCompatibleRouter } from './routes/most-compatible/most-compatible.handlers';
import { notificationsRouter } from './routes/notifications/notifications.handlers';
import { UNSUBSCRIBE_PATH } from './routes/notifications/notifications.routes';
import { notifyingBus } from './routes/notifications/notifier';
import { devMailboxPage } from './routes/platform/dev-mailbox';
import { platformRouter } from './routes/platform/platform.handlers';
import { privacyRouter } from './routes/privacy/privacy.handlers';
import { profilesRouter } from './routes/profiles/profiles.handlers';
import { roommateAgreementsRouter } from './routes/roommate-agreements/roommate-agreements.handlers';
import { safetyRouter } from './routes/safety/safety.handlers';
import { verificationRouter } from './routes/verification/verification.handlers';
import { SELFIE_UPLOAD_PATH } from './routes/verification/verification.routes';
import { mountWebApp } from './web-app';

export const systemClock: Clock = { now: () => new Date() };

/**
 * Under NODE_ENV=test the server's clock can be moved forward through POST /dev/clock, so browser
 * journeys can check what happens a day later (an invite code's 24 hours, D18). Never elsewhere.
 */
function testClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

export type AppOptions = {
  env: Env;
  clock?: Clock;
  database?: Database;
  log?: (line: string) => void;
  realtime?: RealtimeBus;
  /** Argon2id at OWASP's cost unless given (the test suites' apps lower it, N233). */
  hasher?: PasswordHasher;
};

export function createApp(options: AppOptions) {
  const { env } = options;
  const movable = !options.clock && env.NODE_ENV === 'test' ? testClock() : null;
  const clock = options.clock ?? movable ?? systemClock;
  const log = options.log ?? ((line: string) => console.log(line));
  const db = options.database ?? openDatabase(env.DATABASE_URL, uuidIds);
  const production = isProduction(env);
  const cookies = cookieNames(production);

  const mailer = env.SMTP_URL
    ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : new OutboxMailer(db.outbox, clock, log, { logLinks: !production });
  const accessTokens = new JoseAccessTokenSigner(env.JWT_SECRET, clock);
  const bus = options.realtime ?? new InProcessRealtimeBus();
  // Web push (issue 19): the local twin records pushes outside production (N99); no keys, no push (N100).
  const localPush = env.vapid && env.pushDelivery === 'local' ? new LocalPushService() : null;
  const push: PushSender = !env.vapid
    ? disabledPush
    : localPush
      ? new LocalPushSender(env.vapid, localPush, env.APP_URL, () => clock.now())
      : new WebPushSender(env.vapid, log);
  const notificationDeps: NotificationDeps = {
    clock,
    ids: uuidIds,
    notifications: db.notifications,
    preferences: db.notificationPreferences,
    pushSubscriptions: db.pushSubscriptions,
    push,
    isGold: async (userId) => planOf(await db.subscriptions.get(userId), clock.now()) === 'gold',
    live: (userId, event) => bus.publish(userId, event),
    log,
  };
  const pushOnlyDeps: NotificationDeps = { ...notificationDeps, live: async () => {} };
  const notify = (input: NewNotification) => notifySafely(notificationDeps, input);
  // New messages and matches become notifications wherever they are published (N97).
  const realtime = notifyingBus(bus, () => notificationDeps);
  // Ending a session or an account closes its open sockets on every process (issue 14).
  const sessionEndings = realtimeSessionEndings(realtime);
  const accountDeps: AccountDeps = {
    clock,
    ids: uuidIds,
    secrets: randomSecrets,
    users: db.users,
    emailTokens: db.emailTokens,
    refreshTokens: db.refreshTokens,
    agreements: db.agreements,
    hasher: options.hasher ?? new Argon2PasswordHasher(),
    digest: sha256Digest,
    accessTokens,
    mailer,
    rateLimiter: db.rateLimiter,
    securityLog: db.securityLog,
    sessionEndings,
    schools: fixtureSchools(),
    appUrl: env.APP_URL,
  };

  const app = new OpenAPIHono<AppEnv>();
  app.onError((err, c) =>
    handleError(err, c, (e) => log(`[error] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)),
  );

  app.use('*', securityHeaders({ stripe: !!env.STRIPE_SECRET_KEY, production }));
  // Brotli or gzip for text of 1 KiB or more, never tiny JSON (N75); the web app's files are
  // compressed at build time and served as they are; images are left alone.
  app.use('*', compression({ threshold: 1024 }));
  app.use('*', clientInfo({ trustProxy: env.TRUST_PROXY }));
  app.use('/api/*', originCheck([new URL(env.APP_URL).origin]));
  const isUpload = (path: string) => path === UPLOAD_PATH || path === SELFIE_UPLOAD_PATH;
  // CSP reports, photo and selfie uploads and the local checkout's plain HTML forms are the non-JSON bodies.
  app.use(
    '/api/*',
    jsonOnly(
      (path) =>
        path === '/api/csp-report' ||
        isUpload(path) ||
        path.startsWith('/api/payments/local/') ||
        // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form.
        path === UNSUBSCRIBE_PATH,
    ),
  );
  const tooLarge = (c: Context) =>
    problemResponse(c, new DomainError('HTTP.PAYLOAD_TOO_LARGE', 'Request body is too large.'));
  const jsonLimit = limitBody({ maxSize: env.MAX_JSON_BODY_BYTES, onError: tooLarge });
  const uploadLimit = limitBody({ maxSize: env.MAX_UPLOAD_BYTES, onError: tooLarge });
  app.use('/api/*', (c, next) => (isUpload(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)));
  const sessionDeps = { names: cookies, accessTokens, users: db.users };
  const session = sessionMiddleware(sessionDeps);
  app.use('/api/*', session);
  app.use('/media/*', session);

  const devTools = !production;
  app.route('/', accountsRouter(accountDeps, cookies));
  app.route(
    '/',
    platformRouter({
      clock,
      securityLog: db.securityLog,
      consentLog: db.consentLog,
      outbox: db.outbox,
      ageGateEnabled: env.AGE_GATE_ENABLED,
      devTools,
      ping: db.ping,
      rateLimiter: db.rateLimiter,
    }),
  );

  // The same engine as `nestmate moderation classify` (issue 15): one loader, one artefact.
  const moderation = createModerationClassifier();
  const photoStore = photoStoreFor(env);
  const photoImages = new SharpImageProcessor();
  app.route(
    '/',
    profilesRouter({
      clock,
      ids: uuidIds,
      profiles: db.profiles,
      prompts: db.prompts,
      directory: fixtureDirectory(),
      schools: db.users,
      photoStore,
      images: photoImages,
      log,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      moderation,
      flags: db.contentFlags,
    }),
  );
  const discoveryDeps: DiscoveryDeps = {
    clock,
    ids: uuidIds,
    discovery: db.discovery,
    swipes: db.swipes,
    subscriptions: db.subscriptions,
    boosts: db.boosts,
    onMatch: async (userId, otherId, conversationId) => {
      const [a, b] = userId < otherId ? [userId, otherId] : [otherId, userId];
      await db.conversations.ensure(conversationId, a, b, clock.now());
      for (const [me, other] of [
        [userId, otherId],
        [otherId, userId],
      ] as const) {
        await realtime.publish(me, { type: 'match.created', conversationId, userId: other, byYou: me === userId });
      }
    },
    // The like stored its notification with it (N187): its tabs and browsers are told; the tabs
    // already were when the like's write published it itself (N225).
    onLiked: (_likerId, likedId, noticeId, announced) =>
      deliverSafely(announced ? pushOnlyDeps : notificationDeps, likedId, noticeId),
    groupMatches: db.groupMatches,
    // Issue 20: everyone in a new group match hears of it; the like that made it came from `byUserId`.
    onGroupMatch: async (conversationId, people, byUserId) => {
      for (const me of people) {
        await realtime.publish(me, {
          type: 'match.created',
          conversationId,
          userId: byUserId,
          byYou: me === byUserId,
          group: true,
        });
      }
    },
  };
  app.route('/', discoveryRouter({ ...discoveryDeps, groups: db.groups, profiles: db.profiles }));
  app.route('/', likesRouter({ ...discoveryDeps, groups: db.groups }));
  // A campus's matching runs on a worker thread: a large campus never stalls this process (N137).
  app.route(
    '/',
    mostCompatibleRouter({ ...discoveryDeps, mostCompatible: db.mostCompatible, matchCampus: workerCampusMatcher() }),
  );
  // The offline twin grants Gold without payment, so production never falls back to it (D24 addendum).
  const gateway = env.STRIPE_SECRET_KEY
    ? new StripePaymentGateway(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET)
    : production
      ? null
      : new LocalPaymentGateway(env.APP_URL);
  app.route(
    '/',
    billingRouter({
      clock,
      ids: uuidIds,
      billing: db.billing,
      gateway,
      appUrl: env.APP_URL,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      // Gold renewed, or its renewal's payment failed (issue 19): the owner's bell and push.
      onSubscriptionEvent: (userId, kind) => notify({ userId, kind: `subscription.${kind}` }),
    }),
  );
  app.route(
    '/',
    safetyRouter({
      clock,
      ids: uuidIds,
      safety: db.safety,
      mailer,
      securityAlertEmail: env.SECURITY_ALERT_EMAIL ?? null,
      log,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      // A block ends the chat at once on both sides, in every open tab (D19, issue 17).
      onBlocked: async (blockerId, blockedId) => {
        const conversationId = conversationIdFor(blockerId, blockedId);
        for (const userId of [blockerId, blockedId]) {
          await realtime.publish(userId, { type: 'conversation.deleted', conversationId });
        }
      },
    }),
  );
  /** The rest of the group hears who came and went, and of a new invite code (issue 19). */
  const notifyGroup = async (event: GroupEvent) => {
    if (event.kind === 'renamed') return;
    const who = event.kind === 'removed' ? event.subjectId : event.actorId;
    const kind = event.kind === 'invite-code' ? 'group.code' : event.kind === 'joined' ? 'group.joined' : 'group.left';
    const members = ((await db.groups.state(event.groupId))?.members ?? []).map((m) => m.userId);
    const recipients = members.filter((u) => u !== event.actorId && u !== who);
    const first = recipients[0];
    const detail = first ? ((await db.groups.groupsOf(first)).find((g) => g.id === event.groupId)?.name ?? null) : null;
    for (const userId of recipients) await notify({ userId, kind, actorId: who, subjectId: event.groupId, detail });
  };
  // Writes without a product cap spend from these (issue 14 item 7); refusals go to the security log.
  const limits = { rateLimiter: db.rateLimiter, securityLog: db.securityLog };
  app.route(
    '/',
    groupsRouter({
      clock,
      ids: uuidIds,
      random: cryptoRandomBytes,
      groups: db.groups,
      moderation,
      flags: db.contentFlags,
      ...limits,
      // Open Manage Groups screens refresh their member lists (issue 17).
      onMembersChanged: async (groupId, userIds) => {
        for (const userId of userIds) await realtime.publish(userId, { type: 'group.updated', groupId });
      },
      // The group's chat says what changed, in a system line (issue 20, N119).
      onGroupEvent: async (event) => {
        const ids = [event.actorId, ...(event.kind === 'removed' ? [event.subjectId] : [])];
        const names = new Map<string, string>();
        for (const id of ids) names.set(id, (await db.profiles.get(id))?.basics?.name.split(' ')[0] || 'Someone');
        await postGroupEvent(
          { clock, ids: uuidIds, conversations: db.conversations, groupChats: db.groupChats, realtime },
          event,
          (id) => names.get(id) ?? 'Someone',
        );
        await notifyGroup(event);
      },
    }),
  );
  app.route('/', feedbackRouter({ clock, ids: uuidIds, feedback: db.feedback, ...limits }));
  app.route('/', hiddenWordsRouter({ clock, hiddenWords: db.hiddenWords, ...limits }));
  app.route(
    '/',
    privacyRouter({ clock, ids: uuidIds, privacy: db.privacy, groups: db.groups, sessionEndings, ...limits }),
  );
  // An approved held message reaches its recipient (issue 15).
  const messageReleases = {
    released: async (messageId: string) => {
      await releasedMessage({ conversations: db.conversations, groupChats: db.groupChats, realtime }, messageId);
      // Its sender learns it went through (issue 19's moderation outcome); the recipient has "New message".
      const message = await db.conversations.message(messageId);
      const people =
        message && !message.pendingReview ? await db.conversations.participants(message.conversationId) : null;
      const other = people?.find((p) => p !== message?.senderId);
      if (message && other)
        await notify({
          userId: message.senderId,
          kind: 'moderation.released',
          actorId: other,
          subjectId: message.conversationId,
        });
    },
  };
  app.route(
    '/',
    adminRouter({
      clock,
      ids: uuidIds,
      admin: db.admins,
      securityLog: db.securityLog,
      sessionEndings,
      messageReleases,
      outcomes: db.roommateAgreements,
      people: db.discovery,
    }),
  );
  // Photo verification (issue 16 §2): selfies through the same store, under keys /media never serves.
  app.route(
    '/',
    verificationRouter({
      clock,
      ids: uuidIds,
      random: cryptoRandomBytes,
      verifications: db.verifications,
      photoStore,
      images: photoImages,
      mailer,
      admin: db.admins,
      appUrl: env.APP_URL,
      log,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      onReviewed: (userId, status, verificationId) =>
        notify({ userId, kind: `verification.${status}`, subjectId: verificationId }),
    }),
  );
  const unsubscribeLinks = new HmacUnsubscribeLinks(env.JWT_SECRET, env.APP_URL);
  const digestDeps: DigestDeps = {
    clock,
    digests: db.digests,
    mailer,
    links: unsubscribeLinks,
    appUrl: env.APP_URL,
    log,
  };
  // "Gold ends in 3 days" (issue 19, N125): run beside the digests.
  const endingNoticeDeps = { clock, subscriptions: db.digests, rateLimiter: db.rateLimiter, notify };
  app.route(
    '/',
    notificationsRouter({
      ...notificationDeps,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      links: unsubscribeLinks,
      touch: (userId) => db.digests.touch(userId, clock.now()),
    }),
  );
  const iceServers = env.ICE_SERVERS.length > 0 ? [{ urls: env.ICE_SERVERS }] : [];
  app.route(
    '/',
    messagingRouter({
      clock,
      ids: uuidIds,
      conversations: db.conversations,
      groupChats: db.groupChats,
      flags: db.contentFlags,
      moderation,
      realtime,
      badges: db.profiles,
      rateLimiter: db.rateLimiter,
      securityLog: db.securityLog,
      discovery: db.discovery,
      groups: db.groups,
      profiles: db.profiles,
      subscriptions: db.subscriptions,
      iceServers,
      ringTimeoutSeconds: env.CALL_RING_TIMEOUT_SECONDS,
      groupCalls: db.groupCalls,
    }),
  );
  // Roommate agreements and shared costs (issue 21): the conversation's participants only.
  app.route(
    '/',
    roommateAgreementsRouter({
      clock,
      ids: uuidIds,
      agreements: db.roommateAgreements,
      conversations: db.conversations,
      groupChats: db.groupChats,
      moderation,
      flags: db.contentFlags,
      ...limits,
    }),
  );
  // Photos are for signed-in students only; keys are unguessable but not secret (D26). The key's
  // first segment is its owner: the profile view's rule decides (admins may also see, to review
  // flags), so a block, suspension or deletion request hides the bytes at once, like a missing file.
  app.get('/media/:userId/:file', async (c) => {
    const viewer = c.get('user');
    if (!viewer) throw new DomainFailure(unauthenticated());
    const notFound = new DomainFailure(new DomainError('HTTP.NOT_FOUND', 'Not found'));
    const owner = c.req.param('userId');
    if (!(await mayViewPhotos({ visibility: db.profiles, admins: db.admins }, viewer.id, owner))) throw notFound;
    // `?w=` asks for a sized copy (issue 18, N86): one of the stored widths, else a 400.
    const w = c.req.query('w');
    const width = w === undefined ? null : Number(w);
    if (width !== null && !isPhotoVariantWidth(width))
      throw new DomainFailure(
        validationError([{ path: 'w', message: `w must be one of ${PHOTO_VARIANT_WIDTHS.join(', ')}` }]),
      );
    // Keys never change their bytes, so the key (and width) is the ETag; but the browser revalidates
    // every time (no-cache), so a block or a deletion hides a photo it had already cached (issue 14, N44).
    const etag = `"${c.req.param('file')}${width === null ? '' : `-w${width}`}"`;
    const caching = { 'Cache-Control': 'private, no-cache', ETag: etag };
    const found = await readPhoto(
      { photoStore, images: photoImages, profiles: db.profiles },
      owner,
      `${owner}/${c.req.param('file')}`,
      width,
    );
    if (!found) throw notFound;
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, caching);
    return c.body(found.bytes as unknown as ArrayBuffer, 200, { 'Content-Type': found.contentType, ...caching });
  });

  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: cookies.access,
    description: 'Set by POST /api/auth/sign-in; renewed by POST /api/auth/refresh.',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Nestmate API',
      version: '0.1.0',
      description:
        'Roommate matching for U.S. college students. Errors are RFC 9457 problem details whose `detail` is the user-facing message and whose `code` is stable.',
    },
    servers: [{ url: env.APP_URL }],
  });
  app.get('/api/docs', (c) => c.html(apiDocsPage()));
  app.get('/api/docs/assets/:file', swaggerAssets());

  if (devTools) app.get('/dev/mailbox', async (c) => c.html(devMailboxPage(await db.outbox.list(50))));
  // The local push twin's record (N99): what a push service would have received, still encrypted
  // for the browser that subscribed (only its keys open it).
  if (devTools && localPush)
    app.get('/dev/push', (c) =>
      c.json(
        localPush.received.map((p) => ({
          endpoint: p.endpoint,
          at: p.at.toISOString(),
          headers: p.headers,
          body: p.body.toString('base64url'),
        })),
      ),
    );
  if (movable) {
    app.post('/dev/clock', async (c) => {
      const advanceMs = Number(((await c.req.json()) as { advanceMs?: unknown }).advanceMs);
      if (!Number.isFinite(advanceMs) || advanceMs < 0)
        return c.json({ error: 'advanceMs: a non-negative number' }, 400);
      movable.advance(advanceMs);
      return c.json({ now: clock.now().toISOString() });
    });
  }

  // Unknown API paths are problems, never the web app.
  app.all('/api/*', () => {
    throw new DomainFailure(new DomainError('HTTP.NOT_FOUND', 'Not found'));
  });

  mountWebApp(app, env.WEB_DIST, { accessCookie: cookies.access, ssrEntry: env.WEB_SSR_ENTRY, log });
  return {
    app,
    db,
    accountDeps,
    clock,
    realtime,
    sessionDeps,
    moderation,
    localPush,
    notificationDeps,
    digestDeps,
    endingNoticeDeps,
  };
}

export const UPLOAD_PATH = '/api/profile/photos';
