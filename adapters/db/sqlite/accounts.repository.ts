/** SQLite implementations of the accounts ports. */
import { and, desc, eq, exists, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { EmailTokenPurpose, Me, User } from '../../../core/accounts/model';
import type {
  AgreementRepository,
  EmailTokenRepository,
  RefreshTokenRepository,
  UserRepository,
} from '../../../core/accounts/ports';
import { isSchoolVerified } from '../../../core/accounts/school';
import type { IdGenerator } from '../../../core/shared/ids';
import type { SqliteDb } from './client';
import { adminUsers, emailTokens, profiles, refreshTokens, userAgreements, users } from './schema';

const toUser = (row: typeof users.$inferSelect): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.passwordHash,
  emailConfirmedAt: row.emailConfirmedAt,
  status: row.status,
  createdAt: row.createdAt,
  pendingEmail: row.pendingEmail,
});

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && String(e.code).startsWith('SQLITE_CONSTRAINT_UNIQUE');

export class SqliteUserRepository implements UserRepository {
  // Prepared once: these run on every signed-in request (issue 18 §1).
  private readonly sessionQuery;
  /** `GET /api/me` in one statement: the account, its profile, and whether it agreed and is an admin. */
  private readonly describeQuery;

  constructor(private readonly db: SqliteDb) {
    this.sessionQuery = db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          eq(users.status, 'active'),
          exists(
            db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt))),
          ),
        ),
      )
      .prepare();

    this.describeQuery = db
      .select({
        id: users.id,
        email: users.email,
        verifiedUniversity: users.verifiedUniversity,
        pendingEmail: users.pendingEmail,
        university: profiles.university,
        completedAt: profiles.completedAt,
        hasAgreement: exists(
          db
            .select({ one: sql`1` })
            .from(userAgreements)
            .where(
              and(
                eq(userAgreements.userId, users.id),
                eq(userAgreements.tosAccepted, true),
                eq(userAgreements.privacyAccepted, true),
              ),
            ),
        ),
        isAdmin: exists(
          db
            .select({ one: sql`1` })
            .from(adminUsers)
            .where(and(eq(adminUsers.userId, users.id), eq(adminUsers.isActive, true))),
        ),
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare();
  }

  async sessionUser(userId: string, familyId: string) {
    return this.sessionQuery.get({ userId, familyId }) ?? null;
  }

  async findByEmail(email: string) {
    const row = this.db.select().from(users).where(eq(users.email, email)).get();
    return row ? toUser(row) : null;
  }

  async findById(id: string) {
    const row = this.db.select().from(users).where(eq(users.id, id)).get();
    return row ? toUser(row) : null;
  }

  async create(user: User) {
    try {
      this.db
        .insert(users)
        .values({
          id: user.id,
          email: user.email,
          passwordHash: user.passwordHash,
          emailConfirmedAt: user.emailConfirmedAt,
          status: user.status,
          createdAt: user.createdAt,
          updatedAt: user.createdAt,
        })
        .run();
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async markEmailConfirmed(userId: string, verifiedUniversity: string | null, at: Date) {
    this.db
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.getTime()})`,
        isStudentVerified: true,
        verifiedUniversity,
        updatedAt: at,
      })
      .where(eq(users.id, userId))
      .run();
  }

  async confirmedWithoutSchool(after: string, limit: number) {
    return this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(isNotNull(users.emailConfirmedAt), isNull(users.verifiedUniversity), gt(users.id, after)))
      .orderBy(users.id)
      .limit(limit)
      .all();
  }

  async verifiedUniversity(userId: string) {
    const row = this.db
      .select({ school: users.verifiedUniversity })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.emailConfirmedAt)))
      .get();
    return row?.school ?? null;
  }

  async setPendingEmail(userId: string, email: string | null, at: Date) {
    this.db.update(users).set({ pendingEmail: email, updatedAt: at }).where(eq(users.id, userId)).run();
  }

  async confirmPendingEmail(userId: string, email: string, verifiedUniversity: string | null, at: Date) {
    try {
      return this.db.transaction((tx) => {
        const row = tx
          .select({ pending: users.pendingEmail, school: users.verifiedUniversity })
          .from(users)
          .where(eq(users.id, userId))
          .get();
        if (!row || row.pending !== email) return 'stale' as const;
        tx.update(users)
          .set({
            email,
            pendingEmail: null,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.getTime()})`,
            isStudentVerified: true,
            verifiedUniversity,
            updatedAt: at,
          })
          .where(eq(users.id, userId))
          .run();
        // A profile at the school the old address gave follows the student to the new one.
        if (row.school !== null && verifiedUniversity !== null) {
          tx.update(profiles)
            .set({ university: verifiedUniversity, updatedAt: at })
            .where(and(eq(profiles.id, userId), eq(profiles.university, row.school)))
            .run();
        }
        return 'changed' as const;
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      await this.setPendingEmail(userId, null, at);
      return 'taken' as const;
    }
  }

  async updatePasswordHash(userId: string, hash: string, at: Date) {
    this.db.update(users).set({ passwordHash: hash, updatedAt: at }).where(eq(users.id, userId)).run();
  }

  async describe(userId: string): Promise<Me | null> {
    const row = this.describeQuery.get({ userId });
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      hasAgreement: !!row.hasAgreement,
      hasProfile: row.completedAt !== null,
      isAdmin: !!row.isAdmin,
      verifiedUniversity: row.verifiedUniversity,
      schoolVerified: isSchoolVerified(row.verifiedUniversity, row.university),
      pendingEmail: row.pendingEmail,
    };
  }
}

export class SqliteEmailTokenRepository implements EmailTokenRepository {
  constructor(private readonly db: SqliteDb) {}

  async create(token: Parameters<EmailTokenRepository['create']>[0]) {
    this.db.insert(emailTokens).values(token).run();
  }

  async findByHash(tokenHash: string) {
    const row = this.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).get();
    return row
      ? {
          id: row.id,
          userId: row.userId,
          purpose: row.purpose,
          tokenHash: row.tokenHash,
          expiresAt: row.expiresAt,
          usedAt: row.usedAt,
        }
      : null;
  }

  async consume(id: string, at: Date) {
    const result = this.db
      .update(emailTokens)
      .set({ usedAt: at })
      .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
      .run();
    return result.changes === 1;
  }

  async invalidateAll(userId: string, purpose: EmailTokenPurpose, at: Date) {
    this.db
      .update(emailTokens)
      .set({ usedAt: at })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
      .run();
  }
}

export class SqliteRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly db: SqliteDb) {}

  async create(token: Parameters<RefreshTokenRepository['create']>[0]) {
    this.db.insert(refreshTokens).values(token).run();
  }

  async findByHash(tokenHash: string) {
    const row = this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
    return row
      ? {
          id: row.id,
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: row.tokenHash,
          expiresAt: row.expiresAt,
          revokedAt: row.revokedAt,
        }
      : null;
  }

  async revoke(id: string, at: Date) {
    const result = this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .run();
    return result.changes === 1;
  }

  async revokeFamily(familyId: string, at: Date) {
    this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .run();
  }

  async revokeAllForUser(userId: string, at: Date) {
    this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
      .run();
  }
}

export class SqliteAgreementRepository implements AgreementRepository {
  constructor(
    private readonly db: SqliteDb,
    private readonly ids: IdGenerator,
  ) {}

  async save(a: Parameters<AgreementRepository['save']>[0], at: Date) {
    this.db
      .insert(userAgreements)
      .values({ id: this.ids.newId(), ...a, createdAt: at })
      .run();
  }

  async latest(userId: string) {
    const r = this.db
      .select()
      .from(userAgreements)
      .where(eq(userAgreements.userId, userId))
      .orderBy(desc(userAgreements.createdAt))
      .limit(1)
      .get();
    if (!r) return null;
    const { id: _id, ...agreement } = r;
    return agreement;
  }
}
