/**
 * Roommate agreements and shared costs: the use cases (issue 21, N140–N145). Only the
 * conversation's current participants read or write, by the conversation's own rules: a 1:1
 * conversation hidden by a block, a suspension or a deletion reads as missing (N44), a group's
 * agreement belongs to its current members (N117).
 */
import { visibleMembership } from '../messaging/conversations';
import { isGroupChatMember, isMultiParty } from '../messaging/group-chat';
import { screenFields } from '../moderation/screen';
import { type DomainError, validationError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { cleanText } from '../shared/sanitize';
import { agreementErrors } from './errors';
import type { Agreement, Expense, Party, Terms } from './model';
import { balances, settleUp, type Transfer } from './money';
import { type CheckInDays, checkOutcome, firstAcceptedAt, type OutcomeAnswer, openCheckIn } from './outcomes';
import type { RoommateAgreementDeps } from './ports';
import {
  AGREEMENT_LIMITS,
  accepted,
  checkTerms,
  costShares,
  current,
  type PersonCost,
  prefillTerms,
  sameParties,
  TERMS_MESSAGES,
  termsKey,
  termsTextFields,
} from './rules';

export type AgreementAccess = {
  /** Everyone in the conversation now, with names; inactive accounts are shown but are not parties. */
  people: Party[];
  /** Who a new version is written for: the active participants, sorted. */
  parties: string[];
};

/** Who is in the conversation for `userId`, or null when it does not exist for them. */
async function access(
  deps: RoommateAgreementDeps,
  conversationId: string,
  userId: string,
): Promise<AgreementAccess | null> {
  let members: string[];
  // A group's chat or a group match's (issue 20): its people now.
  if (isMultiParty(conversationId)) {
    const audience = await deps.groupChats.audience(conversationId, userId);
    if (!isGroupChatMember(audience, userId)) return null;
    members = audience.memberIds;
  } else {
    const member = await visibleMembership(deps, conversationId, userId);
    if (!member) return null;
    members = [userId, member.other];
  }
  const people = await deps.agreements.people([...new Set(members)].sort());
  return { people, parties: people.filter((p) => p.active).map((p) => p.userId) };
}

type Loaded = { agreement: Agreement; access: AgreementAccess };

/** The conversation's agreement for one of its participants; 404 for anyone else (existence not revealed). */
async function load(
  deps: RoommateAgreementDeps,
  conversationId: string,
  userId: string,
): Promise<Result<Loaded, DomainError>> {
  const who = await access(deps, conversationId, userId);
  if (!who) return err(agreementErrors.notFound());
  const agreement = await deps.agreements.byConversation(conversationId);
  if (!agreement) return err(agreementErrors.noAgreement());
  return ok({ agreement, access: who });
}

export type AgreementView = { agreement: Agreement | null } & AgreementAccess;

export async function getAgreement(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
): Promise<Result<AgreementView, DomainError>> {
  const who = await access(deps, conversationId, userId);
  if (!who) return err(agreementErrors.notFound());
  return ok({ agreement: await deps.agreements.byConversation(conversationId), ...who });
}

/** Either side starts the conversation's agreement, pre-filled from everyone's preferences; a second start returns the first. */
export async function startAgreement(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
): Promise<Result<AgreementView & { agreement: Agreement; created: boolean }, DomainError>> {
  const who = await access(deps, conversationId, userId);
  if (!who) return err(agreementErrors.notFound());
  const existing = await deps.agreements.byConversation(conversationId);
  if (existing) return ok({ agreement: existing, created: false, ...who });
  if (who.parties.length < 2) return err(agreementErrors.alone());
  const terms = prefillTerms(who.parties, await deps.agreements.preferences(who.parties));
  const checked = checkTerms(terms, who.parties);
  const { agreement, created } = await deps.agreements.create({
    id: deps.ids.newId(),
    conversationId,
    createdBy: userId,
    terms: checked.ok ? checked.terms : terms,
    parties: who.parties,
    at: deps.clock.now(),
  });
  return ok({ agreement, created, ...who });
}

async function flagText(
  deps: RoommateAgreementDeps,
  agreementId: string,
  userId: string,
  fields: { path: string; text: string }[],
) {
  const screening = screenFields(deps.moderation, fields);
  if (screening.errors.length > 0) return err(validationError(screening.errors));
  return ok(async () => {
    if (!screening.flag) return;
    // Held for review like group text (N56): the agreement's id names what to look at.
    await deps.flags.add({
      id: deps.ids.newId(),
      contentType: 'other',
      contentId: agreementId,
      authorId: userId,
      flag: screening.flag,
      at: deps.clock.now(),
    });
  });
}

/**
 * Anyone in the conversation proposes changes as a new version, written for the current
 * participants. `baseVersion` is the version the proposer edited: if someone else proposed in the
 * meantime the proposal is refused (409) rather than silently replacing theirs (N141).
 */
export async function proposeVersion(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
  input: { baseVersion: number; terms: Terms },
): Promise<Result<AgreementView & { agreement: Agreement }, DomainError>> {
  const loaded = await load(deps, conversationId, userId);
  if (!loaded.ok) return loaded;
  const { agreement, access: who } = loaded.value;
  const agreementId = agreement.id;
  if (who.parties.length < 2) return err(agreementErrors.alone());
  const checked = checkTerms(input.terms, who.parties);
  if (!checked.ok) return err(validationError(checked.errors));
  if (input.baseVersion !== agreement.currentVersion) return err(agreementErrors.stale());
  const now = current(agreement);
  if (now && termsKey(now.terms) === termsKey(checked.terms) && sameParties(now.parties, who.parties))
    return err(agreementErrors.unchanged());
  const screened = await flagText(deps, agreementId, userId, termsTextFields(checked.terms));
  if (!screened.ok) return screened;
  const written = await deps.agreements.propose({
    agreementId,
    baseVersion: input.baseVersion,
    terms: checked.terms,
    parties: who.parties,
    proposedBy: userId,
    at: deps.clock.now(),
  });
  if (!written) return err(agreementErrors.stale());
  await screened.value();
  return ok({ agreement: (await deps.agreements.byId(agreementId)) as Agreement, ...who });
}

/**
 * A party accepts the current version. It must still be current (409 otherwise) and its parties
 * must still be the conversation's active participants (someone joined or left: 409, propose
 * again). The last acceptance locks it as the accepted version (N141).
 */
export async function acceptVersion(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
  version: number,
): Promise<Result<AgreementView & { agreement: Agreement }, DomainError>> {
  const loaded = await load(deps, conversationId, userId);
  if (!loaded.ok) return loaded;
  const { agreement, access: who } = loaded.value;
  const agreementId = agreement.id;
  const v = current(agreement);
  if (!v || version !== agreement.currentVersion) return err(agreementErrors.stale());
  if (!v.parties.includes(userId)) return err(agreementErrors.notParty());
  if (!sameParties(v.parties, who.parties)) return err(agreementErrors.partiesChanged());
  if (!v.acceptances.some((a) => a.userId === userId)) {
    const r = await deps.agreements.accept({ agreementId, version, userId, at: deps.clock.now() });
    if (r === 'stale') return err(agreementErrors.stale());
  }
  return ok({ agreement: (await deps.agreements.byId(agreementId)) as Agreement, ...who });
}

export type CostsView = {
  version: number;
  parties: string[];
  terms: Terms;
  shares: PersonCost[];
  expenses: Expense[];
  balances: { userId: string; cents: number }[];
  transfers: Transfer[];
};

/** The accepted agreement and its party `userId`, or why shared costs are closed. */
async function costsAccess(deps: RoommateAgreementDeps, userId: string, conversationId: string) {
  const loaded = await load(deps, conversationId, userId);
  if (!loaded.ok) return loaded;
  const locked = accepted(loaded.value.agreement);
  if (!locked) return err(agreementErrors.notAccepted());
  if (!locked.parties.includes(userId)) return err(agreementErrors.notInAgreement());
  return ok({ ...loaded.value, locked });
}

/** "Split with roommates": each person's share by the accepted version, the ledger and who pays whom to settle. */
export async function getCosts(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
): Promise<Result<CostsView, DomainError>> {
  const found = await costsAccess(deps, userId, conversationId);
  if (!found.ok) return found;
  const { locked } = found.value;
  const expenses = await deps.agreements.expenses(found.value.agreement.id);
  const people = [...new Set([...locked.parties, ...expenses.flatMap((e) => [e.paidBy, ...e.forUserIds])])].sort();
  const owed = balances(people, expenses);
  return ok({
    version: locked.version,
    parties: locked.parties,
    terms: locked.terms,
    shares: costShares(locked.terms, locked.parties),
    expenses,
    balances: people.map((p) => ({ userId: p, cents: owed.get(p) ?? 0 })),
    transfers: settleUp(owed),
  });
}

const amountError = (path: string, cents: number) =>
  Number.isInteger(cents) && cents >= 1 && cents <= AGREEMENT_LIMITS.maxCents
    ? null
    : { path, message: TERMS_MESSAGES.positiveAmount };

/** A shared expense the writer paid, split equally among `forUserIds` (people of the accepted agreement). */
export async function addExpense(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
  input: { description: string; amountCents: number; forUserIds: string[] },
): Promise<Result<Expense, DomainError>> {
  const found = await costsAccess(deps, userId, conversationId);
  if (!found.ok) return found;
  const agreementId = found.value.agreement.id;
  const parties = found.value.locked.parties;
  const fields = [];
  const description = cleanText(input.description, { max: AGREEMENT_LIMITS.expenseDescription, required: true });
  if (!description.ok) fields.push({ path: 'description', message: description.message });
  const amount = amountError('amountCents', input.amountCents);
  if (amount) fields.push(amount);
  const forUserIds = [...new Set(input.forUserIds)].sort();
  if (forUserIds.length === 0 || forUserIds.some((id) => !parties.includes(id)))
    fields.push({ path: 'forUserIds', message: 'Choose who it was for from the people in the agreement.' });
  if (fields.length > 0 || !description.ok) return err(validationError(fields));
  const screened = await flagText(deps, agreementId, userId, [{ path: 'description', text: description.value }]);
  if (!screened.ok) return screened;
  const expense: Expense = {
    id: deps.ids.newId(),
    agreementId,
    kind: 'expense',
    description: description.value,
    amountCents: input.amountCents,
    paidBy: userId,
    forUserIds,
    createdBy: userId,
    createdAt: deps.clock.now(),
  };
  await deps.agreements.addExpense(expense);
  await screened.value();
  return ok(expense);
}

/** The writer paid `toUserId` back: recorded in the ledger as a settlement. */
export async function recordSettlement(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
  input: { toUserId: string; amountCents: number },
): Promise<Result<Expense, DomainError>> {
  const found = await costsAccess(deps, userId, conversationId);
  if (!found.ok) return found;
  const agreementId = found.value.agreement.id;
  const fields = [];
  if (input.toUserId === userId || !found.value.locked.parties.includes(input.toUserId))
    fields.push({ path: 'toUserId', message: 'Choose someone else in the agreement.' });
  const amount = amountError('amountCents', input.amountCents);
  if (amount) fields.push(amount);
  if (fields.length > 0) return err(validationError(fields));
  const expense: Expense = {
    id: deps.ids.newId(),
    agreementId,
    kind: 'settlement',
    description: 'Settle up',
    amountCents: input.amountCents,
    paidBy: userId,
    forUserIds: [input.toUserId],
    createdBy: userId,
    createdAt: deps.clock.now(),
  };
  await deps.agreements.addExpense(expense);
  return ok(expense);
}

export type CheckInView = { due: CheckInDays | null; answered: number[]; acceptedAt: Date | null };

/** The "How's living together?" check-in open for this party now, if any (N148). */
export async function getCheckIn(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
): Promise<Result<CheckInView, DomainError>> {
  const found = await costsAccess(deps, userId, conversationId);
  if (!found.ok) return found;
  const acceptedAt = firstAcceptedAt(found.value.agreement);
  const answered = await deps.agreements.answeredCheckIns(found.value.agreement.id, userId);
  return ok({ due: openCheckIn(acceptedAt, deps.clock.now(), answered), answered, acceptedAt });
}

/** Answers the open check-in; only the open one, once. */
export async function answerCheckIn(
  deps: RoommateAgreementDeps,
  userId: string,
  conversationId: string,
  input: OutcomeAnswer,
): Promise<Result<CheckInView, DomainError>> {
  const view = await getCheckIn(deps, userId, conversationId);
  if (!view.ok) return view;
  const checked = checkOutcome(input);
  if (!checked.ok) return err(validationError(checked.errors));
  if (view.value.answered.includes(input.checkpointDays)) return err(agreementErrors.checkInAnswered());
  if (view.value.due !== input.checkpointDays) return err(agreementErrors.checkInNotDue());
  const agreement = (await deps.agreements.byConversation(conversationId)) as Agreement;
  const screened = await flagText(deps, agreement.id, userId, [
    { path: 'whatWorks', text: checked.value.whatWorks },
    { path: 'whatDoesnt', text: checked.value.whatDoesnt },
  ]);
  if (!screened.ok) return screened;
  const stored = await deps.agreements.addOutcome({
    ...checked.value,
    agreementId: agreement.id,
    userId,
    createdAt: deps.clock.now(),
  });
  if (!stored) return err(agreementErrors.checkInAnswered());
  await screened.value();
  return getCheckIn(deps, userId, conversationId);
}
