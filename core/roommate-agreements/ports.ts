/** Capabilities roommate agreements need (style habit 3). */

import type { GroupChatRepository } from '../messaging/group-chat';
import type { ContentFlagRepository, ConversationRepository } from '../messaging/ports';
import type { MessageClassifier } from '../moderation/classifier';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type { Agreement, Expense, Party, PreferenceSnapshot, Terms } from './model';
import type { StoredOutcome } from './outcomes';

export type NewAgreement = {
  id: string;
  conversationId: string;
  createdBy: string;
  terms: Terms;
  parties: string[];
  at: Date;
};

export interface RoommateAgreementRepository {
  /** The conversation's agreement with every version and acceptance, or null. */
  byConversation(conversationId: string): Promise<Agreement | null>;
  byId(agreementId: string): Promise<Agreement | null>;
  /**
   * Creates the agreement with its version 1, unless the conversation already has one (two people
   * starting at once make one agreement): `created` says which.
   */
  create(input: NewAgreement): Promise<{ agreement: Agreement; created: boolean }>;
  /**
   * Adds version `baseVersion + 1` only while `baseVersion` is still the current one (an optimistic
   * check made atomically with the write); false when someone else got there first.
   */
  propose(input: {
    agreementId: string;
    baseVersion: number;
    terms: Terms;
    parties: string[];
    proposedBy: string;
    at: Date;
  }): Promise<boolean>;
  /**
   * Records `userId`'s acceptance of `version` only while it is still the current version, and,
   * when every party has then accepted, marks it the accepted version; all in one transaction
   * (two last acceptances at once both count). 'stale' when the version is no longer current.
   */
  accept(input: { agreementId: string; version: number; userId: string; at: Date }): Promise<'ok' | 'stale'>;
  addExpense(expense: Expense): Promise<void>;
  /** Oldest first. */
  expenses(agreementId: string): Promise<Expense[]>;
  /** Name (first name from the profile) and whether the account is active, for these users. */
  people(userIds: string[]): Promise<Party[]>;
  preferences(userIds: string[]): Promise<PreferenceSnapshot[]>;
  /** The checkpoints (30, 90) this user has answered for this agreement. */
  answeredCheckIns(agreementId: string, userId: string): Promise<number[]>;
  /** Stores an answer once per user and checkpoint; false when it was already answered. */
  addOutcome(outcome: StoredOutcome): Promise<boolean>;
  /** Every answer with the parties of its agreement's accepted version (N149, N160). */
  allOutcomes(): Promise<OutcomeWithParties[]>;
}

export type OutcomeWithParties = Pick<StoredOutcome, 'agreementId' | 'userId' | 'rating' | 'didNotMoveIn'> & {
  checkpointDays: number;
  parties: string[];
};

export type RoommateAgreementDeps = {
  clock: Clock;
  ids: IdGenerator;
  agreements: RoommateAgreementRepository;
  conversations: ConversationRepository;
  groupChats: Pick<GroupChatRepository, 'audience'>;
  moderation: MessageClassifier;
  flags: ContentFlagRepository;
};
