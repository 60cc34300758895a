/**
 * The access matrix (issue 11 §2): a world with a caller in every role, each calling every
 * operation against the victim's resources. Callers without the right are refused (401, or
 * 403/404 that does not reveal whether the resource exists) and nothing changes; the entitled
 * caller gets through; bodies carrying privileged fields are refused by strict schemas.
 */
import sharp from 'sharp';
import type { Access } from '../../api/openapi';
import { ACCESS_KITS, permits, type ReadyKit, type World } from './support/access-kits';
import { exampleValue, PRIVILEGED_FIELDS } from './support/arbitraries';
import { accessOf } from './support/inventory';
import {
  fetchDocument,
  type JsonSchema,
  jsonBodySchema,
  multipartBody,
  type Operation,
  operationsOf,
} from './support/openapi';
import { GOOD_PASSWORD, makeQualityApp, TEST_ORIGIN } from './support/quality-app';

/** Refusals may be logged and counted; nothing else may change. */
const AUDIT_TABLES = ['security_events', 'rate_limit_hits'] as const;
/** Bodies whose format someone else defines; their handlers read named fields only. */
const OPEN_BODIES: Record<string, string> = {
  'POST /api/csp-report': 'browsers add fields to CSP reports; the handler copies four named ones (D28)',
};
const ACCESS_REFUSAL_CODES = new Set(['AUTH.UNAUTHENTICATED', 'AUTH.FORBIDDEN', 'HTTP.NOT_FOUND']);

const app = makeQualityApp();
afterAll(() => app.close());
const doc = await fetchDocument(app.app.fetch, TEST_ORIGIN);
const operations = operationsOf(doc);

let world: World;
beforeAll(async () => {
  const victim = await app.createUser('victim@ucla.edu');
  const stranger = await app.createUser('stranger@ucla.edu');
  // The victim owns more than an account: a consent record and a security event.
  await victim.client.post('/api/log-consent', {
    consentType: 'cookies',
    consentGiven: true,
    consentMethod: 'banner_interaction',
    consentVersion: '1.0',
    legalBasis: 'consent',
  });
  // …and a photo, for the routes that act on one resource of its owner.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new File([png as unknown as BlobPart], 'victim.png', { type: 'image/png' }));
  const uploaded = await victim.client.post('/api/profile/photos', form);
  if (uploaded.status !== 201) throw new Error(`victim photo upload failed: ${uploaded.text}`);
  // …and a selfie waiting for review (issue 16), for the verification queue's admin routes.
  const challenge = await victim.client.post('/api/verification/challenge');
  const selfie = new FormData();
  selfie.append('challengeId', challenge.json.challenge.id);
  selfie.append('selfie', new File([png as unknown as BlobPart], 'selfie.png', { type: 'image/png' }));
  const submitted = await victim.client.post('/api/verification/selfie', selfie);
  if (submitted.status !== 201) throw new Error(`victim selfie failed: ${submitted.text}`);
  // …and a conversation with a match, with one message in it.
  const partner = await app.createUser('partner@ucla.edu');
  const now = app.clock.now();
  for (const [from, to] of [
    [victim.id, partner.id],
    [partner.id, victim.id],
  ] as const) {
    await app.db.swipes.swipe(
      { userId: from, targetId: to, action: 'like', now, windowStart: now, id: `match-${from}`, score: 80 },
      () => ({
        ok: true,
        value: {
          record: { userId: from, targetId: to, status: 'matched', isSuperLike: false, createdAt: now, matchedAt: now },
          matchReverse: false,
          spendPurchasedSuperLike: false,
          guard: { mutual: null, likesBelow: null, superLikesBelow: null, superLikesAtLeast: null },
        },
      }),
    );
  }
  const conversationId = [victim.id, partner.id].sort().join('_');
  const [u1, u2] = [victim.id, partner.id].sort() as [string, string];
  await app.db.conversations.ensure(conversationId, u1, u2, now);
  await app.db.conversations.send(
    { id: 'victim-message', conversationId, senderId: partner.id, content: 'Hi!', createdAt: now },
    new Date(0),
    () => true,
  );
  // …and an open checkout.
  await app.db.billing.createCheckout({
    id: 'victim-checkout',
    userId: victim.id,
    purchase: { type: 'subscription', plan: 'monthly' },
    amountCents: 1499,
    status: 'open',
    createdAt: now,
  });
  // …and a block, an emergency contact and a data request.
  const blockee = await app.createUser('blockee@ucla.edu');
  await app.db.safety.block({
    id: 'victim-block',
    blockerId: victim.id,
    blockedUserId: blockee.id,
    reason: null,
    at: now,
  });
  await app.db.safety.addContact(victim.id, {
    id: 'victim-contact',
    name: 'Mom',
    phone: '+13105550100',
    relationship: 'Parent',
    createdAt: now,
    updatedAt: now,
  });
  await app.db.privacy.create({
    id: 'victim-export',
    userId: victim.id,
    requestType: 'export',
    status: 'pending',
    createdAt: now,
    completedAt: null,
    expiresAt: null,
  });
  // Completed already, so another user's request (which processes pending ones) leaves it alone.
  await app.db.privacy.complete('victim-export', '{"account":"victim"}', now, new Date(now.getTime() + 86_400_000));
  await app.db.feedback.add({
    id: 'victim-feature',
    userId: victim.id,
    title: 'Dark mode',
    description: 'Please',
    category: 'other',
    priority: 'low',
    at: now,
  });
  // …and a report about the victim and a flag on the victim's conversation, for the admins.
  await app.db.safety.report({
    id: 'victim-report',
    reporterId: stranger.id,
    reportedUserId: victim.id,
    category: 'scam',
    severity: 'high',
    details: null,
    at: now,
  });
  await app.db.contentFlags.add({
    id: 'victim-flag',
    contentType: 'message',
    contentId: 'victim-message',
    authorId: partner.id,
    flag: { reason: 'rental_scam', confidence: 0.9, matched: ['wire transfer'] },
    at: now,
  });
  const adminUser = await app.createUser('admin.person@ucla.edu');
  await app.db.admins.setActive('admin.person@ucla.edu', true, now);
  // …and a Gold member, for the routes only Gold may call.
  const goldUser = await app.createUser('gold.member@ucla.edu');
  await app.db.subscriptions.set(
    goldUser.id,
    { isPremium: true, tier: 'gold', subscriptionEnd: new Date('2027-09-01T00:00:00Z'), cancelled: false },
    new Date('2026-09-01T12:00:00Z'),
  );
  // …and a group the victim belongs to, run by someone else; the stranger runs a group of their own.
  const groupAdmin = await app.createUser('group.admin@ucla.edu');
  await app.db.groups.create({ id: 'stranger-group', name: 'Own', description: null, creatorId: stranger.id, at: now });
  world = {
    app,
    victim: { id: victim.id, email: victim.email },
    stranger: { id: stranger.id, email: stranger.email },
    goldUser: { id: goldUser.id, email: goldUser.email },
    adminUser: { id: adminUser.id, email: adminUser.email },
    groupAdmin: { id: groupAdmin.id, email: groupAdmin.email },
    victimResources: {
      groupId: 'victim-group',
      photoId: uploaded.json.photos[0].id,
      conversationId,
      sessionId: 'victim-checkout',
      blockId: 'victim-block',
      contactId: 'victim-contact',
      requestId: 'victim-export',
      featureRequestId: 'victim-feature',
      reportId: 'victim-report',
      flagId: 'victim-flag',
      verificationId: challenge.json.challenge.id,
    },
  };
});

// Bodies that pass validation, so a refusal can only come from the access check. The victim's
// own e-mail is never used: nothing here should be able to touch the victim's account.
const BODY_DEFAULTS = {
  email: 'someone.new@ucla.edu',
  password: GOOD_PASSWORD,
  tos_accepted: true,
  privacy_accepted: true,
};

function requestFor(op: Operation, params: Record<string, string>) {
  let path = op.path;
  for (const [name, value] of Object.entries(params)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const schema = jsonBodySchema(doc, op);
  const body = schema
    ? JSON.stringify(exampleValue(schema, undefined, BODY_DEFAULTS))
    : (multipartBody(doc, op) ?? undefined);
  return { path, body };
}

/** Sends one request; sessions are minted first (`cookies`) so snapshots taken after them stay comparable. */
async function call(op: Operation, cookies: Record<string, string>, req: { path: string; body?: string | FormData }) {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (typeof req.body === 'string') headers.set('content-type', 'application/json');
  const jar = Object.entries(cookies).map(([k, v]) => `${k}=${v}`);
  if (jar.length) headers.set('cookie', jar.join('; '));
  const res = await app.app.fetch(
    new Request(`${TEST_ORIGIN}${req.path}`, { method: op.method, headers, body: req.body }),
  );
  const text = await res.text();
  let json: { code?: string; errors?: { path: string; message: string }[] } = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = {};
  }
  return { status: res.status, code: json.code ?? null, errors: json.errors ?? [], text };
}

/** Rows that mention the victim, audit tables aside unless asked for. */
function victimRows(options: { audit?: boolean } = {}): unknown[] {
  const snapshot = app.snapshot(options.audit ? [] : AUDIT_TABLES);
  return Object.entries(snapshot).flatMap(([table, rows]) =>
    rows
      .filter((row) => Object.values(row as object).some((v) => v === world.victim.id || v === world.victim.email))
      .map((row) => ({ table, row })),
  );
}

const readyKit = (access: Access): ReadyKit => {
  const kit = ACCESS_KITS[access];
  if (kit.status !== 'ready') throw new Error(`no ready kit for ${access}`);
  return kit;
};
const readyRoles = (Object.keys(ACCESS_KITS) as Access[]).filter((a) => ACCESS_KITS[a].status === 'ready');

describe('the access table', () => {
  it('has a ready kit for every access level a route declares', () => {
    const missing = operations
      .map((op) => ({ op, access: accessOf(op.spec) }))
      .filter(({ access }) => ACCESS_KITS[access].status !== 'ready')
      .map(({ op, access }) => {
        const kit = ACCESS_KITS[access];
        return `${op.id} declares x-access '${access}', whose kit is pending: ${kit.status === 'pending' ? kit.needs : ''}`;
      });
    expect(missing).toEqual([]);
  });

  it('knows today’s levels, and keeps the later ones as labelled pending entries', () => {
    expect(readyRoles).toEqual(['anonymous', 'user', 'owner', 'gold', 'group-admin', 'admin']);
    for (const access of ['match'] as const) {
      const kit = ACCESS_KITS[access];
      expect(kit.status === 'pending' ? kit.needs.length : 0, `${access} says what it needs`).toBeGreaterThan(30);
    }
  });

  it('grants as documented: anonymous routes to all, user routes to the signed-in, the rest by role', () => {
    expect(permits('anonymous', 'anonymous')).toBe(true);
    expect(permits('user', 'anonymous')).toBe(false);
    expect(permits('user', 'gold')).toBe(true);
    expect(permits('owner', 'admin')).toBe(false);
    expect(permits('admin', 'user')).toBe(false);
    expect(permits('gold', 'gold')).toBe(true);
  });
});

describe.each(operations.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  const access = accessOf(op.spec);

  it.each(readyRoles.map((role) => [role] as const))('as %s: allowed or refused as its x-access says', async (role) => {
    const kit = readyKit(access);
    await kit.prepare?.(world);
    const caller = readyKit(role).caller(world);
    const req = requestFor(op, kit.params(world, op));
    const victimBefore = victimRows();
    const cookies = await caller.cookies();
    if (permits(access, role)) {
      const res = await call(op, cookies, req);
      expect(res.status, res.text).toBeLessThan(500);
      // Permitted callers are never turned away by the access check itself (401 aside: a
      // route may need a credential the caller lacks, like the refresh cookie).
      expect(res.code === 'AUTH.FORBIDDEN' || res.code === 'HTTP.NOT_FOUND', res.text).toBe(false);
    } else {
      const before = app.snapshot(AUDIT_TABLES);
      const res = await call(op, cookies, req);
      if (role === 'anonymous') {
        expect([res.status, res.code], res.text).toEqual([401, 'AUTH.UNAUTHENTICATED']);
      } else {
        expect([403, 404], res.text).toContain(res.status);
        if (res.status === 404 && op.path.includes('{')) {
          // Someone else's resource answers exactly like one that does not exist.
          const ghost = Object.fromEntries(
            Object.keys(kit.params(world, op)).map((k) => [k, '00000000-0000-4000-8000-00000000dead']),
          );
          const missing = await call(op, cookies, requestFor(op, ghost));
          expect(missing.text).toBe(res.text);
        }
      }
      expect(app.snapshot(AUDIT_TABLES), 'a refused call changed stored data').toEqual(before);
    }
    // Admin routes exist to act on other people's data (D27); everyone else must leave it alone.
    if (!(access === 'admin' && role === 'admin')) {
      expect(victimRows(), 'a call by someone else changed the victim’s data').toEqual(victimBefore);
    }
  });

  it('lets the entitled caller through', async () => {
    const kit = readyKit(access);
    await kit.prepare?.(world);
    const res = await call(op, await kit.entitled(world).cookies(), requestFor(op, kit.params(world, op)));
    expect(res.status, res.text).toBeLessThan(500);
    expect(ACCESS_REFUSAL_CODES.has(res.code ?? ''), `${res.status} ${res.text}`).toBe(false);
  });

  const schema = jsonBodySchema(doc, op);
  if (schema) {
    const openReason = OPEN_BODIES[op.id];
    it(
      openReason
        ? 'accepts unknown fields by design, and none of them reaches stored data'
        : 'has a strict body schema that refuses privileged fields, changing nothing',
      async () => {
        expect(openObjects(schema).length > 0, 'open objects in the body schema').toBe(Boolean(openReason));
        const kit = readyKit(access);
        const caller = kit.entitled(world);
        const base = exampleValue(schema, undefined, BODY_DEFAULTS) as Record<string, unknown>;
        for (const target of objectPaths(base)) {
          for (const [field, value] of Object.entries(PRIVILEGED_FIELDS)) {
            const body = structuredClone(base);
            const node = target.reduce<Record<string, unknown>>((n, k) => n[k] as Record<string, unknown>, body);
            node[field] = /id$/i.test(field) ? world.victim.id : value;
            const cookies = await caller.cookies();
            const before = app.snapshot(AUDIT_TABLES);
            const victimBefore = victimRows({ audit: true });
            const path = requestFor(op, kit.params(world, op)).path;
            const res = await call(op, cookies, { path, body: JSON.stringify(body) });
            const where = [...target, field].join('.');
            if (!openReason) {
              expect([res.status, res.code], `${where}: ${res.text}`).toEqual([400, 'VALIDATION']);
              expect(res.errors.map((e) => e.message).join(' '), where).toContain(field);
              expect(app.snapshot(AUDIT_TABLES), `${where} changed stored data`).toEqual(before);
            }
            expect(res.status, res.text).toBeLessThan(500);
            expect(victimRows({ audit: true }), `${where} reached the victim’s rows`).toEqual(victimBefore);
          }
        }
      },
    );
  }
});

describe('after the whole matrix', () => {
  it('the victim is still signed in and unchanged', async () => {
    const res = await call(operations.find((o) => o.id === 'GET /api/me')!, await app.mintSession(world.victim.id), {
      path: '/api/me',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).user).toMatchObject({ id: world.victim.id, email: 'victim@ucla.edu', isAdmin: false });
  });
});

/** Paths of every object in a schema that accepts fields it does not declare. */
function openObjects(schema: JsonSchema, at = 'body'): string[] {
  const out: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || schema.properties) {
    if (schema.additionalProperties !== false) out.push(at);
    for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      out.push(...openObjects(s, `${at}.${k}`));
  }
  for (const s of [...((schema.anyOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])])
    out.push(...openObjects(s, at));
  return out;
}

/** Key paths of the body and each nested object in it. */
function objectPaths(value: unknown, at: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return [at, ...Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => objectPaths(v, [...at, k]))];
}
