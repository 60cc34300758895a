/** PostgreSQL adapter for roommate agreements and their ledger (issue 21), the twin of the SQLite one. */
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
import type { PgSql } from './sql';

export class PostgresRoommateAgreementRepository implements RoommateAgreementRepository {
  constructor(private readonly q: PgSql) {}

  private async read(row: AgreementRow | undefined): Promise<Agreement | null> {
    if (!row) return null;
    const versions = await this.q.all<VersionRow>(VERSIONS, [row.id]);
    const acceptances = await this.q.all<AcceptanceRow>(ACCEPTANCES, [row.id]);
    return toAgreement(row, versions, acceptances);
  }

  async byConversation(conversationId: string) {
    return this.read(await this.q.get<AgreementRow>(AGREEMENT_BY_CONVERSATION, [conversationId]));
  }

  async byId(agreementId: string) {
    return this.read(await this.q.get<AgreementRow>(AGREEMENT_BY_ID, [agreementId]));
  }

  async create(input: NewAgreement) {
    const at = input.at.getTime();
    // Two starts at once: the second INSERT waits on the unique conversation_id and then does nothing.
    const created = await this.q.transaction(async (tx) => {
      const r = await tx.run(INSERT_AGREEMENT, [input.id, input.conversationId, input.createdBy, at, at]);
      if (r.changes === 0) return false;
      await tx.run(INSERT_VERSION, versionParams(input.id, 1, input.terms, input.parties, input.createdBy, input.at));
      return true;
    });
    return { agreement: (await this.byConversation(input.conversationId)) as Agreement, created };
  }

  async propose(input: Parameters<RoommateAgreementRepository['propose']>[0]) {
    // The conditional UPDATE takes the row lock: a concurrent proposer waits, then finds the version moved on (N141).
    return this.q.transaction(async (tx) => {
      const r = await tx.run(BUMP_VERSION, [input.at.getTime(), input.agreementId, input.baseVersion]);
      if (r.changes === 0) return false;
      await tx.run(
        INSERT_VERSION,
        versionParams(input.agreementId, input.baseVersion + 1, input.terms, input.parties, input.proposedBy, input.at),
      );
      return true;
    });
  }

  async accept(input: { agreementId: string; version: number; userId: string; at: Date }) {
    const at = input.at.getTime();
    return this.q.transaction(async (tx): Promise<'ok' | 'stale'> => {
      // Holds the agreement's row: acceptances of one agreement are counted one at a time.
      const held = await tx.run(HOLD_CURRENT, [at, input.agreementId, input.version]);
      if (held.changes === 0) return 'stale';
      await tx.run(INSERT_ACCEPTANCE, [input.agreementId, input.version, input.userId, at]);
      const v = (await tx.get<{ parties: string }>(VERSION_PARTIES, [input.agreementId, input.version])) as {
        parties: string;
      };
      const by = await tx.all<{ user_id: string }>(VERSION_ACCEPTED_BY, [input.agreementId, input.version]);
      if (allAccepted(v.parties, by)) await tx.run(MARK_ACCEPTED, [input.version, at, input.agreementId]);
      return 'ok';
    });
  }

  async addExpense(expense: Expense) {
    await this.q.run(INSERT_EXPENSE, expenseParams(expense));
  }

  async expenses(agreementId: string) {
    return (await this.q.all<ExpenseRow>(EXPENSES, [agreementId])).map(toExpense);
  }

  async people(userIds: string[]) {
    if (userIds.length === 0) return [];
    return (await this.q.all<PersonRow>(people(userIds.length), userIds)).map(toParty);
  }

  async preferences(userIds: string[]) {
    if (userIds.length === 0) return [];
    return (await this.q.all<PreferenceRow>(preferences(userIds.length), userIds)).map(toPreference);
  }
  async answeredCheckIns(agreementId: string, userId: string) {
    return (await this.q.all<{ checkpoint_days: number | string }>(ANSWERED_CHECK_INS, [agreementId, userId])).map(
      (r) => Number(r.checkpoint_days),
    );
  }

  async addOutcome(outcome: StoredOutcome) {
    return (await this.q.run(INSERT_OUTCOME, outcomeParams(outcome))).changes === 1;
  }
  async allOutcomes() {
    return (await this.q.all<OutcomeRow>(ALL_OUTCOMES)).map(toOutcomeWithParties);
  }
}
