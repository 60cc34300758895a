/**
 * Data requests (D25): an export builds a JSON archive of everything the account holds, kept for
 * 7 days; a deletion hides the account at once and the retention job erases it (within 30 days).
 * Both start pending.
 */
import type { SessionEndings } from '../accounts/ports';
import { type GroupRepository, leaveGroup } from '../groups/groups';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { err, ok } from '../shared/result';

export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type DataRequest = {
  id: string;
  userId: string;
  requestType: 'export' | 'deletion';
  status: 'pending' | 'completed';
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
};

export interface PrivacyRepository {
  create(r: DataRequest): Promise<void>;
  list(userId: string): Promise<DataRequest[]>;
  pending(): Promise<DataRequest[]>;
  /** Everything stored about the user, as plain JSON. */
  collect(userId: string): Promise<Record<string, unknown>>;
  complete(id: string, archive: string | null, at: Date, expiresAt: Date | null): Promise<void>;
  archive(id: string): Promise<{ userId: string; archive: string | null; expiresAt: Date | null } | null>;
  /** Hides the account at once: no sign-in, no discovery, sessions ended. */
  hideAccount(userId: string, at: Date): Promise<void>;
  /** Erases the account and what hangs off it; the payments ledger stays (7 years, D25). */
  eraseAccount(userId: string): Promise<void>;
}

export type PrivacyDeps = {
  clock: Clock;
  ids: IdGenerator;
  privacy: PrivacyRepository;
  /** A deleted account leaves its groups at once, with admin succession (D18). */
  groups?: Pick<GroupRepository, 'groupsOf' | 'changeMembers'>;
  /** Erases what the account keeps outside the database before its rows go (selfie objects, issue 16). */
  beforeErase?: (userId: string) => Promise<void>;
};

export const PRIVACY_MESSAGES = {
  exportFailed: 'Failed to request data export. Please try again.',
  deletionFailed: 'Failed to request account deletion. Please try again.',
  notReady: 'This export is not ready yet, or it has expired.',
} as const;

export const privacyErrors = {
  notFound: () => new DomainError('PRIVACY.NOT_FOUND', 'Data request not found.'),
  notReady: () => new DomainError('PRIVACY.NOT_READY', PRIVACY_MESSAGES.notReady),
};

export async function requestData(
  deps: PrivacyDeps & { sessionEndings: SessionEndings },
  userId: string,
  requestType: 'export' | 'deletion',
) {
  const now = deps.clock.now();
  const request: DataRequest = {
    id: deps.ids.newId(),
    userId,
    requestType,
    status: 'pending',
    createdAt: now,
    completedAt: null,
    expiresAt: null,
  };
  await deps.privacy.create(request);
  if (requestType === 'deletion') {
    // Leave first: a hidden account no longer counts as a member, so it could not leave after.
    const groups = deps.groups;
    if (groups) for (const g of await groups.groupsOf(userId)) await leaveGroup({ groups }, userId, g.id);
    await deps.privacy.hideAccount(userId, now);
    await deps.sessionEndings.ended(userId, null);
  }
  return ok(request);
}

/** Time columns (stored as epoch milliseconds) as ISO 8601 in the export, as a person reads them (issue 17). */
const TIME_COLUMN = /(^at|_at|_by|_end)$/;
function isoTimes(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => isoTimes(v));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isoTimes(v, k)]));
  }
  return typeof value === 'number' && TIME_COLUMN.test(key) ? new Date(value).toISOString() : value;
}

/**
 * Runs pending requests: builds exports (the server does this right after a request) and, for
 * `nestmate retention run` only, erases the accounts whose deletion was requested.
 */
export async function processDataRequests(deps: PrivacyDeps, options: { erase: boolean }) {
  let exports = 0;
  let deletions = 0;
  for (const r of await deps.privacy.pending()) {
    if (r.requestType === 'deletion' && !options.erase) continue;
    const now = deps.clock.now();
    if (r.requestType === 'export') {
      const data = isoTimes(await deps.privacy.collect(r.userId));
      const archive = JSON.stringify(
        { generatedAt: now.toISOString(), format: 'nestmate-export-v1', ...(data as Record<string, unknown>) },
        null,
        2,
      );
      await deps.privacy.complete(r.id, archive, now, new Date(now.getTime() + EXPORT_TTL_MS));
      exports++;
    } else {
      await deps.beforeErase?.(r.userId);
      await deps.privacy.eraseAccount(r.userId);
      await deps.privacy.complete(r.id, null, now, null);
      deletions++;
    }
  }
  return { exports, deletions };
}

export async function downloadExport(deps: PrivacyDeps, userId: string, requestId: string) {
  const a = await deps.privacy.archive(requestId);
  if (a?.userId !== userId) return err(privacyErrors.notFound());
  if (!a.archive || !a.expiresAt || a.expiresAt.getTime() <= deps.clock.now().getTime())
    return err(privacyErrors.notReady());
  return ok(a.archive);
}
