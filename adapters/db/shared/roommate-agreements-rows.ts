/** What the SQLite and PostgreSQL roommate-agreement repositories share (N29: same representation, same SQL). */
import type {
  Agreement,
  AgreementVersion,
  Expense,
  Party,
  PreferenceSnapshot,
  Terms,
} from '../../../core/roommate-agreements/model';
import type { StoredOutcome } from '../../../core/roommate-agreements/outcomes';

/** `?, ?, ?` for an IN list of n values (n ≥ 1). */
export const inList = (n: number) => Array.from({ length: Math.max(1, n) }, () => '?').join(', ');

const AGREEMENT_COLUMNS =
  'id, conversation_id, created_by, current_version, accepted_version, accepted_at, created_at, updated_at';
export const AGREEMENT_BY_CONVERSATION = `SELECT ${AGREEMENT_COLUMNS} FROM roommate_agreements WHERE conversation_id = ?`;
export const AGREEMENT_BY_ID = `SELECT ${AGREEMENT_COLUMNS} FROM roommate_agreements WHERE id = ?`;
export const VERSIONS = `SELECT version, terms, parties, proposed_by, created_at FROM roommate_agreement_versions
  WHERE agreement_id = ? ORDER BY version`;
export const ACCEPTANCES = `SELECT version, user_id, accepted_at FROM roommate_agreement_acceptances
  WHERE agreement_id = ? ORDER BY accepted_at, user_id`;
export const INSERT_AGREEMENT = `INSERT INTO roommate_agreements
  (id, conversation_id, created_by, current_version, accepted_version, accepted_at, created_at, updated_at)
  VALUES (?, ?, ?, 1, NULL, NULL, ?, ?) ON CONFLICT (conversation_id) DO NOTHING`;
export const INSERT_VERSION = `INSERT INTO roommate_agreement_versions
  (agreement_id, version, terms, parties, proposed_by, created_at) VALUES (?, ?, ?, ?, ?, ?)`;
/** The optimistic check and the write in one statement: only the proposer who saw `current_version` wins. */
export const BUMP_VERSION = `UPDATE roommate_agreements SET current_version = current_version + 1, updated_at = ?
  WHERE id = ? AND current_version = ?`;
/** Locks the agreement row (PostgreSQL) while `version` is current; 0 rows when it is not. */
export const HOLD_CURRENT = 'UPDATE roommate_agreements SET updated_at = ? WHERE id = ? AND current_version = ?';
export const INSERT_ACCEPTANCE = `INSERT INTO roommate_agreement_acceptances (agreement_id, version, user_id, accepted_at)
  VALUES (?, ?, ?, ?) ON CONFLICT (agreement_id, version, user_id) DO NOTHING`;
export const VERSION_PARTIES = 'SELECT parties FROM roommate_agreement_versions WHERE agreement_id = ? AND version = ?';
export const VERSION_ACCEPTED_BY =
  'SELECT user_id FROM roommate_agreement_acceptances WHERE agreement_id = ? AND version = ?';
export const MARK_ACCEPTED = 'UPDATE roommate_agreements SET accepted_version = ?, accepted_at = ? WHERE id = ?';
export const INSERT_EXPENSE = `INSERT INTO roommate_expenses
  (id, agreement_id, kind, description, amount_cents, paid_by, for_user_ids, created_by, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const EXPENSES = `SELECT id, agreement_id, kind, description, amount_cents, paid_by, for_user_ids, created_by, created_at
  FROM roommate_expenses WHERE agreement_id = ? ORDER BY created_at, id`;
export const people = (n: number) => `SELECT u.id AS user_id, u.status, p.name FROM users u
  LEFT JOIN profiles p ON p.id = u.id WHERE u.id IN (${inList(n)}) ORDER BY u.id`;
export const preferences = (n: number) => `SELECT u.id AS user_id, rp.sleep_schedule, rp.noise_level, rp.cleanliness,
  rp.guest_policy, rp.smoking_tolerance, rp.min_budget, rp.max_budget, rp.move_in_date, p.pets, p.cooking_frequency
  FROM users u LEFT JOIN roommate_preferences rp ON rp.user_id = u.id LEFT JOIN profiles p ON p.id = u.id
  WHERE u.id IN (${inList(n)}) ORDER BY u.id`;

type Num = number | string;
const time = (v: Num) => new Date(Number(v));
const optNum = (v: Num | null) => (v === null || v === undefined ? null : Number(v));

export type AgreementRow = {
  id: string;
  conversation_id: string;
  created_by: string | null;
  current_version: Num;
  accepted_version: Num | null;
  accepted_at: Num | null;
  created_at: Num;
  updated_at: Num;
};
export type VersionRow = { version: Num; terms: string; parties: string; proposed_by: string | null; created_at: Num };
export type AcceptanceRow = { version: Num; user_id: string; accepted_at: Num };
export type ExpenseRow = {
  id: string;
  agreement_id: string;
  kind: 'expense' | 'settlement';
  description: string;
  amount_cents: Num;
  paid_by: string;
  for_user_ids: string;
  created_by: string;
  created_at: Num;
};
export type PersonRow = { user_id: string; status: string; name: string | null };
export type PreferenceRow = {
  user_id: string;
  sleep_schedule: Num | null;
  noise_level: Num | null;
  cleanliness: Num | null;
  guest_policy: Num | null;
  smoking_tolerance: string | null;
  min_budget: Num | null;
  max_budget: Num | null;
  move_in_date: string | null;
  pets: string | null;
  cooking_frequency: string | null;
};

export function toAgreement(row: AgreementRow, versions: VersionRow[], acceptances: AcceptanceRow[]): Agreement {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    createdBy: row.created_by,
    currentVersion: Number(row.current_version),
    acceptedVersion: optNum(row.accepted_version),
    acceptedAt: row.accepted_at === null ? null : time(row.accepted_at),
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
    versions: versions.map(
      (v): AgreementVersion => ({
        version: Number(v.version),
        terms: JSON.parse(v.terms) as Terms,
        parties: JSON.parse(v.parties) as string[],
        proposedBy: v.proposed_by,
        createdAt: time(v.created_at),
        acceptances: acceptances
          .filter((a) => Number(a.version) === Number(v.version))
          .map((a) => ({ userId: a.user_id, acceptedAt: time(a.accepted_at) })),
      }),
    ),
  };
}

export const versionParams = (
  agreementId: string,
  version: number,
  terms: Terms,
  parties: string[],
  proposedBy: string | null,
  at: Date,
) => [agreementId, version, JSON.stringify(terms), JSON.stringify(parties), proposedBy, at.getTime()];

export const expenseParams = (e: Expense) => [
  e.id,
  e.agreementId,
  e.kind,
  e.description,
  e.amountCents,
  e.paidBy,
  JSON.stringify(e.forUserIds),
  e.createdBy,
  e.createdAt.getTime(),
];

export const toExpense = (r: ExpenseRow): Expense => ({
  id: r.id,
  agreementId: r.agreement_id,
  kind: r.kind,
  description: r.description,
  amountCents: Number(r.amount_cents),
  paidBy: r.paid_by,
  forUserIds: JSON.parse(r.for_user_ids) as string[],
  createdBy: r.created_by,
  createdAt: time(r.created_at),
});

/** First names only, as group members are shown (000 §3); an account without a profile name is "Someone". */
export const toParty = (r: PersonRow): Party => ({
  userId: r.user_id,
  name: r.name?.trim().split(/\s+/)[0] || 'Someone',
  active: r.status === 'active',
});

export const toPreference = (r: PreferenceRow): PreferenceSnapshot => ({
  userId: r.user_id,
  sleepSchedule: optNum(r.sleep_schedule),
  noiseLevel: optNum(r.noise_level),
  cleanliness: optNum(r.cleanliness),
  guestPolicy: optNum(r.guest_policy),
  smokingTolerance: r.smoking_tolerance,
  pets: r.pets,
  cookingFrequency: r.cooking_frequency,
  minBudget: optNum(r.min_budget),
  maxBudget: optNum(r.max_budget),
  moveInDate: r.move_in_date,
});

/** Whether every party has accepted (the acceptances of that version). */
export const allAccepted = (partiesJson: string, acceptedBy: { user_id: string }[]) =>
  (JSON.parse(partiesJson) as string[]).every((p) => acceptedBy.some((a) => a.user_id === p));

export const ANSWERED_CHECK_INS =
  'SELECT checkpoint_days FROM roommate_outcomes WHERE agreement_id = ? AND user_id = ? ORDER BY checkpoint_days';
export const INSERT_OUTCOME = `INSERT INTO roommate_outcomes
  (agreement_id, user_id, checkpoint_days, rating, what_works, what_doesnt, did_not_move_in, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (agreement_id, user_id, checkpoint_days) DO NOTHING`;
export const outcomeParams = (o: StoredOutcome) => [
  o.agreementId,
  o.userId,
  o.checkpointDays,
  o.rating,
  o.whatWorks,
  o.whatDoesnt,
  o.didNotMoveIn ? 1 : 0,
  o.createdAt.getTime(),
];

/** Every answer with the parties of its agreement's accepted version, for `nestmate compatibility evaluate`. */
export const ALL_OUTCOMES = `SELECT o.agreement_id, o.user_id, o.checkpoint_days, o.rating, o.did_not_move_in, v.parties
  FROM roommate_outcomes o
  JOIN roommate_agreements a ON a.id = o.agreement_id
  JOIN roommate_agreement_versions v ON v.agreement_id = a.id AND v.version = a.accepted_version
  ORDER BY o.created_at, o.agreement_id, o.user_id, o.checkpoint_days`;
export type OutcomeRow = {
  agreement_id: string;
  user_id: string;
  checkpoint_days: number | string;
  rating: number | string;
  did_not_move_in: number | string;
  parties: string;
};
export const toOutcomeWithParties = (r: OutcomeRow) => ({
  agreementId: r.agreement_id,
  userId: r.user_id,
  checkpointDays: Number(r.checkpoint_days),
  rating: Number(r.rating),
  didNotMoveIn: Number(r.did_not_move_in) === 1,
  parties: JSON.parse(r.parties) as string[],
});
