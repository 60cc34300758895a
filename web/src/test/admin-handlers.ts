/**
 * The admin API of api/routes/admin (access, stats, reports, content flags, users, analytics),
 * backed by the in-memory db. Like the server, every route refuses non-admins with 403
 * AUTH.FORBIDDEN "Access Denied", and a second review of a flag is a 409.
 */
import { HttpResponse, http } from 'msw';
import { ADMIN_MESSAGES } from '../../../core/moderation/admin';
import { severityRank } from '../../../core/moderation/severity';
import type { Endpoints } from '../lib/api-types';
import { db } from './db';

type Report = Endpoints['GET /api/admin/reports']['response']['reports'][number];
type Flag = Endpoints['GET /api/admin/flags']['response']['flags'][number];
type Day = Endpoints['GET /api/admin/analytics']['response']['days'][number];
type Precision = Endpoints['GET /api/admin/analytics']['response']['autoFlagPrecision'];
type Outcomes = Endpoints['GET /api/admin/analytics/outcomes']['response'];
type Decision = Endpoints['GET /api/admin/users/{userId}/history']['response']['decisions'][number];

const problem = (status: number, code: string, title: string, detail: string) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title, status, detail, code },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

function noOutcomes(): Outcomes {
  const none = { answers: 0, meanRating: null };
  return {
    answers: 0,
    unscored: 0,
    bands: ['0–59', '60–79', '80–100'].map((band) => ({ band, answers: 0, meanRating: null, didNotMoveInShare: null })),
    factors: ['cleanliness', 'sleepSchedule'].map((key) => ({ key, agreed: none, differed: none })),
  };
}

/** Test switches and what the handlers received. */
export const adminTest = {
  flagsFail: false,
  pendingDataRequests: 0,
  analytics: [] as Day[],
  precision: {
    weeks: [],
    overall: { total: { upheld: 0, dismissed: 0, precision: null }, weeks: [] },
    categories: [],
  } as Precision,
  /** What GET /api/admin/analytics/outcomes answers (no check-ins by default). */
  outcomes: noOutcomes(),
  /** Audit entries GET …/users/{id}/history returns as the user's admin decisions. */
  decisions: [] as Decision[],
  /** Bodies of POST …/review, PUT …/reports/{id} and PUT …/users/{id}/status, in order. */
  writes: [] as Array<{ endpoint: string; body: unknown }>,
};

export function resetAdminTest() {
  Object.assign(adminTest, {
    flagsFail: false,
    pendingDataRequests: 0,
    analytics: [],
    precision: {
      weeks: [],
      overall: { total: { upheld: 0, dismissed: 0, precision: null }, weeks: [] },
      categories: [],
    },
    outcomes: noOutcomes(),
    decisions: [],
    writes: [],
  });
}

/** null when the caller may use the admin API; else the refusal the server would send. */
function refuse() {
  const session = db.session.getAll()[0];
  const user = session ? db.user.findFirst({ where: { id: { equals: session.userId } } }) : null;
  if (!user) return problem(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
  if (!user.isAdmin) return problem(403, 'AUTH.FORBIDDEN', 'Access Denied', ADMIN_MESSAGES.denied);
  return null;
}

const reports = () =>
  db.adminReport
    .getAll()
    .map((r) => JSON.parse(r.data) as Report)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

const flagById = (id: string) => {
  const row = db.contentFlag.findFirst({ where: { id: { equals: id } } });
  return row ? ({ ...(JSON.parse(row.data) as Flag), id: row.id, status: row.status } as Flag) : null;
};

export function seedReport(seed: Partial<Report> = {}) {
  const row = db.adminReport.create({ data: '{}' });
  const report: Report = {
    id: row.id,
    reportCategory: 'harassment',
    severityLevel: 'high',
    status: 'pending',
    details: 'Kept messaging me after I said no.',
    reporterId: 'user-reporter',
    reportedUserId: 'user-reported',
    createdAt: '2026-11-20T15:30:00.000Z',
    ...seed,
  };
  db.adminReport.update({ where: { id: { equals: row.id } }, data: { data: JSON.stringify(report) } });
  return report;
}

export function seedFlag(seed: Partial<Flag> = {}) {
  const status = seed.status ?? 'pending';
  const row = db.contentFlag.create({ status, data: '{}' });
  const flag: Flag = {
    id: row.id,
    contentType: 'message',
    contentId: 'message-1',
    authorId: 'user-scammer',
    flagReason: 'rental scam: wire transfer',
    status,
    autoFlagged: true,
    confidenceScore: 0.92,
    flaggedBy: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    reviewedAt: status === 'pending' ? null : '2026-11-21T12:00:00.000Z',
    content: 'Please wire transfer the deposit before viewing.',
    evidence: ['wire transfer the deposit'],
    severity: 'medium',
    held: false,
    ...seed,
  };
  db.contentFlag.update({ where: { id: { equals: row.id } }, data: { data: JSON.stringify(flag) } });
  return flag;
}

/** A pending flag moves to the decision, as the server's review does. */
function decide(flagId: string, decision: 'approved' | 'removed') {
  const flag = flagById(flagId);
  if (!flag) return 'not_found' as const;
  if (flag.status !== 'pending') return 'already_reviewed' as const;
  db.contentFlag.update({
    where: { id: { equals: flag.id } },
    data: {
      status: decision,
      data: JSON.stringify({ ...flag, status: decision, reviewedAt: '2026-11-22T09:00:00.000Z' }),
    },
  });
  return decision;
}

export function seedAccount(seed: Partial<{ email: string; name: string | null; status: string; createdAt: string }>) {
  return db.account.create({
    email: 'sam.taylor@berkeley.edu',
    name: 'Sam Taylor',
    status: 'active',
    createdAt: '2026-09-01T12:00:00.000Z',
    ...seed,
  });
}

export const adminHandlers = [
  http.get('/api/admin/access', () => refuse() ?? HttpResponse.json({ admin: true })),

  http.get('/api/admin/stats', () => {
    const refused = refuse();
    if (refused) return refused;
    const all = reports();
    return HttpResponse.json({
      totalUsers: db.account.count(),
      totalReports: all.length,
      pendingReports: all.filter((r) => r.status === 'pending').length,
      pendingFlags: db.contentFlag.count({ where: { status: { equals: 'pending' } } }),
      pendingDataRequests: adminTest.pendingDataRequests,
    });
  }),

  http.get('/api/admin/reports', () => refuse() ?? HttpResponse.json({ reports: reports().slice(0, 10) })),

  http.get('/api/admin/reports/:reportId', ({ params }) => {
    const report = reports().find((r) => r.id === params.reportId);
    return (
      refuse() ??
      (report
        ? HttpResponse.json({ report })
        : problem(404, 'MODERATION.REPORT_NOT_FOUND', 'Not found', ADMIN_MESSAGES.reportNotFound))
    );
  }),

  http.put('/api/admin/reports/:reportId', async ({ params, request }) => {
    const refused = refuse();
    if (refused) return refused;
    const body = (await request.json()) as { reportStatus: string };
    adminTest.writes.push({ endpoint: `PUT /api/admin/reports/${params.reportId}`, body });
    const report = reports().find((r) => r.id === params.reportId);
    if (!report) return problem(404, 'MODERATION.REPORT_NOT_FOUND', 'Not found', ADMIN_MESSAGES.reportNotFound);
    db.adminReport.update({
      where: { id: { equals: report.id } },
      data: { data: JSON.stringify({ ...report, status: body.reportStatus }) },
    });
    return HttpResponse.json({ status: body.reportStatus });
  }),

  http.get('/api/admin/flags', ({ request }) => {
    const refused = refuse();
    if (refused) return refused;
    if (adminTest.flagsFail) return problem(500, 'INTERNAL', 'Internal server error', 'Something went wrong');
    const status = new URL(request.url).searchParams.get('status') ?? 'pending';
    const flags = db.contentFlag
      .findMany({ where: { status: { equals: status } } })
      .map((row) => flagById(row.id))
      .filter((f): f is Flag => f !== null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      // Like the server: pending worst first (severity, then confidence).
      .sort((a, b) =>
        status !== 'pending'
          ? 0
          : severityRank(b.flagReason) - severityRank(a.flagReason) ||
            (b.confidenceScore ?? 0) - (a.confidenceScore ?? 0),
      );
    return HttpResponse.json({ flags });
  }),

  http.post('/api/admin/flags/review', async ({ request }) => {
    const refused = refuse();
    if (refused) return refused;
    const body = (await request.json()) as {
      flagIds: string[];
      decision: 'approved' | 'removed';
      note?: string | null;
    };
    adminTest.writes.push({ endpoint: 'POST /api/admin/flags/review', body });
    const results = [...new Set(body.flagIds)].map((flagId) => ({ flagId, outcome: decide(flagId, body.decision) }));
    return HttpResponse.json({ results });
  }),

  http.post('/api/admin/flags/:flagId/review', async ({ params, request }) => {
    const refused = refuse();
    if (refused) return refused;
    const body = (await request.json()) as { decision: 'approved' | 'removed'; note?: string | null };
    adminTest.writes.push({ endpoint: `POST /api/admin/flags/${params.flagId}/review`, body });
    const outcome = decide(String(params.flagId), body.decision);
    if (outcome === 'not_found')
      return problem(404, 'MODERATION.FLAG_NOT_FOUND', 'Not found', ADMIN_MESSAGES.flagNotFound);
    if (outcome === 'already_reviewed') {
      return problem(409, 'MODERATION.ALREADY_REVIEWED', 'Conflict', ADMIN_MESSAGES.reviewed);
    }
    return HttpResponse.json({ status: body.decision });
  }),

  http.get('/api/admin/users', ({ request }) => {
    const refused = refuse();
    if (refused) return refused;
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    const users = db.account
      .getAll()
      .filter((a) => !q || a.email.includes(q) || (a.name ?? '').toLowerCase().includes(q))
      .map(({ id, email, name, status, createdAt }) => ({ id, email, name, status, createdAt }));
    return HttpResponse.json({ users });
  }),

  http.get('/api/admin/users/:userId/history', ({ params }) => {
    const refused = refuse();
    if (refused) return refused;
    const userId = String(params.userId);
    const flags = db.contentFlag
      .getAll()
      .map((row) => flagById(row.id))
      .filter((f): f is Flag => f?.authorId === userId);
    return HttpResponse.json({
      flags,
      reportsAgainst: reports().filter((r) => r.reportedUserId === userId),
      reportsBy: reports().filter((r) => r.reporterId === userId),
      decisions: adminTest.decisions,
    });
  }),

  http.put('/api/admin/users/:userId/status', async ({ params, request }) => {
    const refused = refuse();
    if (refused) return refused;
    const body = (await request.json()) as { accountStatus: string };
    adminTest.writes.push({ endpoint: `PUT /api/admin/users/${params.userId}/status`, body });
    const updated = db.account.update({
      where: { id: { equals: String(params.userId) } },
      data: { status: body.accountStatus },
    });
    if (!updated) return problem(404, 'MODERATION.USER_NOT_FOUND', 'Not found', ADMIN_MESSAGES.userNotFound);
    return HttpResponse.json({ status: body.accountStatus });
  }),

  http.get(
    '/api/admin/analytics',
    () => refuse() ?? HttpResponse.json({ days: adminTest.analytics, autoFlagPrecision: adminTest.precision }),
  ),
  http.get('/api/admin/analytics/outcomes', () => refuse() ?? HttpResponse.json(adminTest.outcomes)),
];
