/** SQLite adapter for roommate agreements and their ledger (issue 21). */
import type { Agreement, Expense } from '../../../core/roommate-agreements/model';
import type { StoredOutcome } from '../../../core/roommate-agreements/outcomes';
import type { NewAgreement, RoommateAgreementRepository } from '../../../core/roommate-agreements/ports';
import {
  ACCEPTANCES,
  type AcceptanceRow,
  AGREEMENT_BY_CONVERSATION,
  AGREEMENT_BY_ID,
  type AgreementRow,
  ALL_OUTCOMES,
  ANSWERED_CHECK_INS,
  allAccepted,
  BUMP_VERSION,
  EXPENSES,
  type ExpenseRow,
  expenseParams,
  HOLD_CURRENT,
  INSERT_ACCEPTANCE,
  INSERT_AGREEMENT,
  INSERT_EXPENSE,
  INSERT_OUTCOME,
  INSERT_VERSION,
  MARK_ACCEPTED,
  type OutcomeRow,
  outcomeParams,
  type PersonRow,
  type PreferenceRow,
  people,
  preferences,
  toAgreement,
  toExpense,
  toOutcomeWithParties,
  toParty,
  toPreference,
  VERSION_ACCEPTED_BY,
  VERSION_PARTIES,
  VERSIONS,
  type VersionRow,
  versionParams,
} from '../shared/roommate-agreements-rows';
import type { SqliteDb } from './client';

export class SqliteRoommateAgreementRepository implements RoommateAgreementRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  private read(row: AgreementRow | undefined): Agreement | null {
    if (!row) return null;
    const versions = this.sql.prepare(VERSIONS).all(row.id) as VersionRow[];
    const acceptances = this.sql.prepare(ACCEPTANCES).all(row.id) as AcceptanceRow[];
    return toAgreement(row, versions, acceptances);
  }

  async byConversation(conversationId: string) {
    return this.read(this.sql.prepare(AGREEMENT_BY_CONVERSATION).get(conversationId) as AgreementRow | undefined);
  }

  async byId(agreementId: string) {
    return this.read(this.sql.prepare(AGREEMENT_BY_ID).get(agreementId) as AgreementRow | undefined);
  }

  async create(input: NewAgreement) {
    const at = input.at.getTime();
    const created = this.sql
      .transaction(() => {
        const r = this.sql.prepare(INSERT_AGREEMENT).run(input.id, input.conversationId, input.createdBy, at, at);
        if (r.changes === 0) return false;
        this.sql
          .prepare(INSERT_VERSION)
          .run(...versionParams(input.id, 1, input.terms, input.parties, input.createdBy, input.at));
        return true;
      })
      .immediate();
    return { agreement: (await this.byConversation(input.conversationId)) as Agreement, created };
  }

  async propose(input: Parameters<RoommateAgreementRepository['propose']>[0]) {
    // IMMEDIATE: the check and the write hold the write lock together (N141).
    return this.sql
      .transaction(() => {
        const r = this.sql.prepare(BUMP_VERSION).run(input.at.getTime(), input.agreementId, input.baseVersion);
        if (r.changes === 0) return false;
        this.sql
          .prepare(INSERT_VERSION)
          .run(
            ...versionParams(
              input.agreementId,
              input.baseVersion + 1,
              input.terms,
              input.parties,
              input.proposedBy,
              input.at,
            ),
          );
        return true;
      })
      .immediate();
  }

  async accept(input: { agreementId: string; version: number; userId: string; at: Date }) {
    const at = input.at.getTime();
    return this.sql
      .transaction((): 'ok' | 'stale' => {
        const held = this.sql.prepare(HOLD_CURRENT).run(at, input.agreementId, input.version);
        if (held.changes === 0) return 'stale';
        this.sql.prepare(INSERT_ACCEPTANCE).run(input.agreementId, input.version, input.userId, at);
        const v = this.sql.prepare(VERSION_PARTIES).get(input.agreementId, input.version) as { parties: string };
        const by = this.sql.prepare(VERSION_ACCEPTED_BY).all(input.agreementId, input.version) as { user_id: string }[];
        if (allAccepted(v.parties, by)) this.sql.prepare(MARK_ACCEPTED).run(input.version, at, input.agreementId);
        return 'ok';
      })
      .immediate();
  }

  async addExpense(expense: Expense) {
    this.sql.prepare(INSERT_EXPENSE).run(...expenseParams(expense));
  }

  async expenses(agreementId: string) {
    return (this.sql.prepare(EXPENSES).all(agreementId) as ExpenseRow[]).map(toExpense);
  }

  async people(userIds: string[]) {
    if (userIds.length === 0) return [];
    return (this.sql.prepare(people(userIds.length)).all(...userIds) as PersonRow[]).map(toParty);
  }

  async preferences(userIds: string[]) {
    if (userIds.length === 0) return [];
    return (this.sql.prepare(preferences(userIds.length)).all(...userIds) as PreferenceRow[]).map(toPreference);
  }
  async answeredCheckIns(agreementId: string, userId: string) {
    return (this.sql.prepare(ANSWERED_CHECK_INS).all(agreementId, userId) as { checkpoint_days: number }[]).map((r) =>
      Number(r.checkpoint_days),
    );
  }

  async addOutcome(outcome: StoredOutcome) {
    return this.sql.prepare(INSERT_OUTCOME).run(...outcomeParams(outcome)).changes === 1;
  }
  async allOutcomes() {
    return (this.sql.prepare(ALL_OUTCOMES).all() as OutcomeRow[]).map(toOutcomeWithParties);
  }
}
