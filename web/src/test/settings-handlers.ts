/**
 * The safety, privacy and feedback API of api/routes/{safety,privacy,feedback} (blocks, reports,
 * emergency contacts, data requests, feature requests and votes), backed by the in-memory db.
 * Validation and messages come from core, as on the server.
 */
import { HttpResponse, http } from 'msw';
import { FEEDBACK_MESSAGES, featureRequestErrors, POPULAR_LIMIT } from '../../../core/feedback/rules';
import { PRIVACY_MESSAGES } from '../../../core/privacy/data-requests';
import { contactErrors, normalizePhone, SAFETY_MESSAGES } from '../../../core/safety/rules';
import { db } from './db';

const problem = (status: number, code: string, title: string, detail: string) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title, status, detail, code },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
const serverError = () => problem(500, 'INTERNAL', 'Internal server error', 'Something went wrong');
const currentUserId = () => db.session.getAll()[0]?.userId ?? null;
const unauthenticated = () => problem(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');

/** Test switches: an endpoint listed here answers 500. */
export const settingsTest = { failing: new Set<string>() };
export const resetSettingsTest = () => settingsTest.failing.clear();
const fails = (endpoint: string) => settingsTest.failing.has(endpoint);

/** Name and photo of someone the signed-in user knows (from the deck, likes, matches or chats). */
function personOf(userId: string): { name: string; profilePhotoUrl: string | null } | null {
  const rows = [
    db.conversation.findFirst({ where: { otherUserId: { equals: userId } } })?.data,
    db.match.findFirst({ where: { userId: { equals: userId } } })?.data,
    db.candidate.findFirst({ where: { userId: { equals: userId } } })?.data,
    db.liker.findFirst({ where: { userId: { equals: userId } } })?.data,
  ];
  for (const row of rows) {
    if (row) {
      const p = JSON.parse(row) as { name: string; profilePhotoUrl?: string | null };
      return { name: p.name, profilePhotoUrl: p.profilePhotoUrl ?? null };
    }
  }
  return null;
}

export function seedBlock(blockedUserId: string, name: string, profilePhotoUrl: string | null = null) {
  return db.block.create({ blockedUserId, name, profilePhotoUrl, createdAt: new Date().toISOString() });
}

export function seedContact(seed: { name: string; phone?: string; relationship?: string; isPrimary?: boolean }) {
  const now = new Date().toISOString();
  return db.contact.create({
    name: seed.name,
    phone: seed.phone ?? '+14155550101',
    relationship: seed.relationship ?? 'Parent',
    isPrimary: seed.isPrimary ?? db.contact.count() === 0,
    createdAt: now,
    updatedAt: now,
  });
}

export function seedFeatureRequest(title: string, voteCount: number, category = 'matching') {
  return db.featureRequest.create({ title, description: title, category, priority: 'medium', voteCount });
}

type Contact = NonNullable<ReturnType<typeof db.contact.findFirst>>;
const contactDto = (c: Contact) => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  relationship: c.relationship,
  isPrimary: c.isPrimary,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
type DataRequestRow = NonNullable<ReturnType<typeof db.dataRequest.findFirst>>;
const requestDto = (r: DataRequestRow) => ({
  id: r.id,
  requestType: r.requestType as 'export' | 'deletion',
  status: r.status as 'pending' | 'completed',
  createdAt: r.createdAt,
  completedAt: r.completedAt,
  expiresAt: r.expiresAt,
});

/** Completes every pending export, as the server's background job does (D25). */
export function completeExports() {
  const now = Date.now();
  db.dataRequest.updateMany({
    where: { requestType: { equals: 'export' }, status: { equals: 'pending' } },
    data: {
      status: 'completed',
      completedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 7 * 24 * 3_600_000).toISOString(),
    },
  });
}

const sortedContacts = () =>
  db.contact
    .getAll()
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.createdAt.localeCompare(b.createdAt));

export const settingsHandlers = [
  http.get('/api/blocks', () => {
    if (!currentUserId()) return unauthenticated();
    if (fails('GET /api/blocks')) return serverError();
    const blocked = db.block
      .getAll()
      .reverse()
      .map((b) => ({
        id: b.id,
        blockedUserId: b.blockedUserId,
        name: b.name,
        profilePhotoUrl: b.profilePhotoUrl,
        createdAt: b.createdAt,
      }));
    return HttpResponse.json({ blocked });
  }),

  http.post('/api/blocks', async ({ request }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    if (fails('POST /api/blocks')) return serverError();
    const { blockedUserId } = (await request.json()) as { blockedUserId: string };
    if (blockedUserId === me) return problem(400, 'SAFETY.BLOCK_SELF', 'Bad request', SAFETY_MESSAGES.blockSelf);
    const person = personOf(blockedUserId);
    if (!person) return problem(404, 'SAFETY.USER_NOT_FOUND', 'Not found', SAFETY_MESSAGES.notFound);
    seedBlock(blockedUserId, person.name, person.profilePhotoUrl);
    // D19: a block ends the conversation and hides the person from discovery, likes and matches.
    const who = { userId: { equals: blockedUserId } };
    db.candidate.deleteMany({ where: who });
    db.liker.deleteMany({ where: who });
    db.match.deleteMany({ where: who });
    db.conversation.updateMany({ where: { otherUserId: { equals: blockedUserId } }, data: { hidden: true } });
    return HttpResponse.json({ blocked: true }, { status: 201 });
  }),

  http.delete('/api/blocks/:blockId', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('DELETE /api/blocks')) return serverError();
    const removed = db.block.delete({ where: { id: { equals: String(params.blockId) } } });
    return removed
      ? HttpResponse.json({ unblocked: true })
      : problem(404, 'SAFETY.BLOCK_NOT_FOUND', 'Not found', SAFETY_MESSAGES.blockNotFound);
  }),

  http.post('/api/reports', async ({ request }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('POST /api/reports')) return serverError();
    const body = (await request.json()) as {
      reportedUserId: string;
      category: string;
      severity: string;
      details?: string | null;
    };
    const row = db.report.create({ ...body, details: body.details ?? null });
    return HttpResponse.json({ id: row.id }, { status: 201 });
  }),

  http.get('/api/emergency-contacts', () => {
    if (!currentUserId()) return unauthenticated();
    if (fails('GET /api/emergency-contacts')) return serverError();
    return HttpResponse.json({ contacts: sortedContacts().map(contactDto) });
  }),

  http.post('/api/emergency-contacts', async ({ request }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('POST /api/emergency-contacts')) return serverError();
    const body = (await request.json()) as { name: string; phone: string; relationship: string };
    const errors = contactErrors(body);
    if (errors[0]) return problem(400, 'VALIDATION', 'Bad request', errors[0].message);
    // The server stores the digits only (core/safety normalizePhone).
    const contact = seedContact({ ...body, phone: normalizePhone(body.phone) });
    return HttpResponse.json({ contact: contactDto(contact) }, { status: 201 });
  }),

  http.put('/api/emergency-contacts/:contactId', async ({ params, request }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('PUT /api/emergency-contacts')) return serverError();
    const body = (await request.json()) as { name: string; phone: string; relationship: string };
    const errors = contactErrors(body);
    if (errors[0]) return problem(400, 'VALIDATION', 'Bad request', errors[0].message);
    const updated = db.contact.update({
      where: { id: { equals: String(params.contactId) } },
      data: { ...body, updatedAt: new Date().toISOString() },
    });
    return updated
      ? HttpResponse.json({ updated: true })
      : problem(404, 'SAFETY.CONTACT_NOT_FOUND', 'Not found', SAFETY_MESSAGES.contactNotFound);
  }),

  http.delete('/api/emergency-contacts/:contactId', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('DELETE /api/emergency-contacts')) return serverError();
    db.contact.delete({ where: { id: { equals: String(params.contactId) } } });
    return HttpResponse.json({ deleted: true });
  }),

  http.post('/api/emergency-contacts/:contactId/primary', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('POST /api/emergency-contacts/primary')) return serverError();
    const id = String(params.contactId);
    if (!db.contact.findFirst({ where: { id: { equals: id } } })) {
      return problem(404, 'SAFETY.CONTACT_NOT_FOUND', 'Not found', SAFETY_MESSAGES.contactNotFound);
    }
    db.contact.updateMany({ where: { id: { notEquals: id } }, data: { isPrimary: false } });
    db.contact.update({ where: { id: { equals: id } }, data: { isPrimary: true } });
    return HttpResponse.json({ primary: true });
  }),

  http.get('/api/data-requests', () => {
    if (!currentUserId()) return unauthenticated();
    return HttpResponse.json({ requests: db.dataRequest.getAll().reverse().map(requestDto) });
  }),

  http.post('/api/data-requests', async ({ request }) => {
    if (!currentUserId()) return unauthenticated();
    const { requestType } = (await request.json()) as { requestType: 'export' | 'deletion' };
    if (fails(`POST /api/data-requests ${requestType}`)) return serverError();
    const row = db.dataRequest.create({
      requestType,
      status: 'pending',
      createdAt: new Date().toISOString(),
      completedAt: null,
      expiresAt: null,
    });
    return HttpResponse.json({ request: requestDto(row) }, { status: 201 });
  }),

  http.get('/api/data-requests/:requestId/download', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const row = db.dataRequest.findFirst({ where: { id: { equals: String(params.requestId) } } });
    if (row?.status !== 'completed') {
      return problem(409, 'PRIVACY.NOT_READY', 'Conflict', PRIVACY_MESSAGES.notReady);
    }
    return HttpResponse.json(
      { account: { id: me }, messages: db.message.getAll().map((m) => m.content) },
      { headers: { 'Content-Disposition': 'attachment; filename="nestmate-export.json"' } },
    );
  }),

  http.post('/api/feature-requests', async ({ request }) => {
    if (!currentUserId()) return unauthenticated();
    if (fails('POST /api/feature-requests')) return serverError();
    const body = (await request.json()) as { title: string; description: string; category: string; priority: string };
    const errors = featureRequestErrors(body);
    if (errors[0]) return problem(400, 'VALIDATION', 'Bad request', errors[0].message);
    const row = db.featureRequest.create({ ...body, voteCount: 0 });
    return HttpResponse.json({ id: row.id, status: 'submitted' }, { status: 201 });
  }),

  http.get('/api/feature-requests/popular', () => {
    if (!currentUserId()) return unauthenticated();
    const requests = db.featureRequest
      .getAll()
      .sort((a, b) => b.voteCount - a.voteCount)
      .slice(0, POPULAR_LIMIT)
      .map((r) => ({
        id: r.id,
        title: r.title,
        category: r.category,
        voteCount: r.voteCount,
        // As the server: today's vote is read back (one user signed in at a time here).
        votedToday: !!db.vote.findFirst({
          where: { requestId: { equals: r.id }, day: { equals: new Date().toISOString().slice(0, 10) } },
        }),
      }));
    return HttpResponse.json({ requests });
  }),

  http.post('/api/feature-requests/:featureRequestId/vote', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    if (fails('POST /api/feature-requests/vote')) return serverError();
    const id = String(params.featureRequestId);
    const row = db.featureRequest.findFirst({ where: { id: { equals: id } } });
    if (!row) return problem(404, 'FEEDBACK.NOT_FOUND', 'Not found', FEEDBACK_MESSAGES.notFound);
    const day = new Date().toISOString().slice(0, 10);
    if (db.vote.findFirst({ where: { requestId: { equals: id }, day: { equals: day } } })) {
      return problem(409, 'FEEDBACK.ALREADY_VOTED', FEEDBACK_MESSAGES.voteTitle, FEEDBACK_MESSAGES.votedToday);
    }
    db.vote.create({ requestId: id, day });
    db.featureRequest.update({ where: { id: { equals: id } }, data: { voteCount: row.voteCount + 1 } });
    return HttpResponse.json({ success: true });
  }),
];
