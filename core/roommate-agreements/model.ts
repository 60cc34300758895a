/**
 * A roommate agreement (issue 21): the house rules and money terms the people of one conversation
 * agree on, kept as numbered versions. A version's terms never change once written; a version is
 * accepted (and so locked) when every party to it has accepted it (N140, N141).
 */
import type { SmokingTolerance } from '../profiles/rules';

export const SPLIT_METHODS = ['equal', 'room_size', 'custom'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

/**
 * How an amount is divided. `weights` name every party: square feet of each one's room for
 * `room_size`, basis points (hundredths of a percent, summing to 10,000) for `custom`; ignored for
 * `equal` (N143).
 */
export type Split = { method: SplitMethod; weights: { userId: string; weight: number }[] };

export const CLEANING_FREQUENCIES = ['daily', 'twice_weekly', 'weekly', 'every_two_weeks', 'monthly'] as const;
export type CleaningFrequency = (typeof CLEANING_FREQUENCIES)[number];

export type CleaningTask = {
  task: string;
  /** Who does it: one person, or several taking turns. */
  who: string[];
  frequency: CleaningFrequency;
};

export type Bill = { name: string; monthlyCents: number; split: Split };

export type Terms = {
  quietHours: { from: string; to: string; notes: string };
  guests: { daytime: string; overnight: string; maxOvernightPerWeek: number | null };
  cleaning: CleaningTask[];
  supplies: string;
  kitchen: string;
  smoking: SmokingTolerance;
  pets: string;
  temperature: string;
  rent: { monthlyCents: number; split: Split };
  bills: Bill[];
  depositCents: number;
  /** YYYY-MM-DD, or null while not settled. */
  moveInDate: string | null;
  leaseTermMonths: number | null;
  problems: string;
};

export type AgreementVersion = {
  version: number;
  terms: Terms;
  /** The people who must accept it: the conversation's active participants when it was proposed. */
  parties: string[];
  proposedBy: string | null;
  createdAt: Date;
  acceptances: { userId: string; acceptedAt: Date }[];
};

export type Agreement = {
  id: string;
  conversationId: string;
  createdBy: string | null;
  currentVersion: number;
  /** The newest version everyone accepted (locked), or null. */
  acceptedVersion: number | null;
  acceptedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Oldest first; every version is kept. */
  versions: AgreementVersion[];
};

export type ExpenseKind = 'expense' | 'settlement';

export type Expense = {
  id: string;
  agreementId: string;
  kind: ExpenseKind;
  description: string;
  amountCents: number;
  paidBy: string;
  /** An expense is shared equally among these; a settlement names its one recipient. */
  forUserIds: string[];
  createdBy: string;
  createdAt: Date;
};

/** A participant as the agreement shows them. */
export type Party = { userId: string; name: string; active: boolean };

/** What the pre-fill reads of each participant's profile and roommate preferences. */
export type PreferenceSnapshot = {
  userId: string;
  sleepSchedule: number | null;
  noiseLevel: number | null;
  cleanliness: number | null;
  guestPolicy: number | null;
  smokingTolerance: string | null;
  pets: string | null;
  cookingFrequency: string | null;
  minBudget: number | null;
  maxBudget: number | null;
  moveInDate: string | null;
};
