/** PostgreSQL implementations of the accounts ports (the SQLite ones, awaited). */
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
import type { PgDb } from './client';
import { adminUsers, emailTokens, profiles, refreshTokens, userAgreements, users } from './schema';
import { first, isUniqueViolation } from './sql';

const toUser = (row: typeof users.$inferSelect): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.passwordHash,
  emailConfirmedAt: row.emailConfirmedAt,
  status: row.status,
  createdAt: row.createdAt,
  pendingEmail: row.pendingEmail,
});

export class PostgresUserRepository implements UserRepository {
  // Prepared once: these run on every signed-in request (issue 18 §1).
  private readonly sessionQuery;
  /** `GET /api/me` in one statement: the account, its profile, and whether it agreed and is an admin. */
  private readonly describeQuery;

  constructor(private readonly db: PgDb) {
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
      .prepare('session_user');

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
      .prepare('describe_me');
  }

  async sessionUser(userId: string, familyId: string) {
    return (await this.sessionQuery.execute({ userId, familyId }))[0] ?? null;
  }

  async findByEmail(email: string) {
    const row = await this.db.select().from(users).where(eq(users.email, email)).then(first);
    return row ? toUser(row) : null;
  }

  async findById(id: string) {
    const row = await this.db.select().from(users).where(eq(users.id, id)).then(first);
    return row ? toUser(row) : null;
  }

  async create(user: User) {
    try {
      await this.db.insert(users).values({
        id: user.id,
        email: user.email,
        passwordHash: user.passwordHash,
        emailConfirmedAt: user.emailConfirmedAt,
        status: user.status,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async markEmailConfirmed(userId: string, verifiedUniversity: string | null, at: Date) {
    await this.db
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.getTime()})`,
        isStudentVerified: true,
        verifiedUniversity,
        updatedAt: at,
      })
      .where(eq(users.id, userId));
  }

  async confirmedWithoutSchool(after: string, limit: number) {
    return await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(isNotNull(users.emailConfirmedAt), isNull(users.verifiedUniversity), gt(users.id, after)))
      .orderBy(users.id)
      .limit(limit);
  }

  async verifiedUniversity(userId: string) {
    const row = await this.db
      .select({ school: users.verifiedUniversity })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.emailConfirmedAt)))
      .then(first);
    return row?.school ?? null;
  }

  async setPendingEmail(userId: string, email: string | null, at: Date) {
    await this.db.update(users).set({ pendingEmail: email, updatedAt: at }).where(eq(users.id, userId));
  }

  async confirmPendingEmail(userId: string, email: string, verifiedUniversity: string | null, at: Date) {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx
          .select({ pending: users.pendingEmail, school: users.verifiedUniversity })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
          .then(first);
        if (!row || row.pending !== email) return 'stale' as const;
        await tx
          .update(users)
          .set({
            email,
            pendingEmail: null,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.getTime()})`,
            isStudentVerified: true,
            verifiedUniversity,
            updatedAt: at,
          })
          .where(eq(users.id, userId));
        // A profile at the school the old address gave follows the student to the new one.
        if (row.school !== null && verifiedUniversity !== null) {
          await tx
            .update(profiles)
            .set({ university: verifiedUniversity, updatedAt: at })
            .where(and(eq(profiles.id, userId), eq(profiles.university, row.school)));
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
    await this.db.update(users).set({ passwordHash: hash, updatedAt: at }).where(eq(users.id, userId));
  }

  async describe(userId: string): Promise<Me | null> {
    const row = (await this.describeQuery.execute({ userId }))[0];
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

export class PostgresEmailTokenRepository implements EmailTokenRepository {
  constructor(private readonly db: PgDb) {}

  async create(token: Parameters<EmailTokenRepository['create']>[0]) {
    await this.db.insert(emailTokens).values(token);
  }

  async findByHash(tokenHash: string) {
    const row = await this.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).then(first);
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
    const result = await this.db
      .update(emailTokens)
      .set({ usedAt: at })
      .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    return result.length === 1;
  }

  async invalidateAll(userId: string, purpose: EmailTokenPurpose, at: Date) {
    await this.db
      .update(emailTokens)
      .set({ usedAt: at })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  }
}

export class PostgresRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly db: PgDb) {}

  async create(token: Parameters<RefreshTokenRepository['create']>[0]) {
    await this.db.insert(refreshTokens).values(token);
  }

  async findByHash(tokenHash: string) {
    const row = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).then(first);
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
    const result = await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return result.length === 1;
  }

  async revokeFamily(familyId: string, at: Date) {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllForUser(userId: string, at: Date) {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}

export class PostgresAgreementRepository implements AgreementRepository {
  constructor(
    private readonly db: PgDb,
    private readonly ids: IdGenerator,
  ) {}

  async save(a: Parameters<AgreementRepository['save']>[0], at: Date) {
    await this.db.insert(userAgreements).values({ id: this.ids.newId(), ...a, createdAt: at });
  }

  async latest(userId: string) {
    const r = (
      await this.db
        .select()
        .from(userAgreements)
        .where(eq(userAgreements.userId, userId))
        .orderBy(desc(userAgreements.createdAt))
        .limit(1)
    )[0];
    if (!r) return null;
    const { id: _id, ...agreement } = r;
    return agreement;
  }
}
