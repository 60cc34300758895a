/**
 * Structured dealbreakers (issue 21, docs/decisions.md N150): hard rules built on the preferences'
 * own fields. A candidate who breaks either side's rule never reaches the deck; the free-text
 * dealbreakers of 000 §3 stay text and only cost points in the score (D12).
 */
import type { MatchPerson } from './compatibility';

export const DEALBREAKER_RULES = ['no_smokers', 'no_pets', 'budget_ceiling', 'no_frequent_guests'] as const;
export type DealbreakerRule = (typeof DEALBREAKER_RULES)[number];

/** What the preferences form shows for each rule, and what it means. */
export const DEALBREAKER_LABELS: Record<DealbreakerRule, { label: string; hint: string }> = {
  no_smokers: { label: 'No smokers', hint: 'Hide students who are fine with smoking or vaping at home.' },
  no_pets: { label: 'No pets', hint: 'Hide students who have or want a pet.' },
  budget_ceiling: {
    label: 'My maximum budget is firm',
    hint: 'Hide students whose minimum budget is above your maximum.',
  },
  no_frequent_guests: { label: 'No frequent guests', hint: 'Hide students who have guests over often or always.' },
};

export const DEALBREAKER_MESSAGES = {
  ceilingNeedsBudget: 'Set a maximum budget to make it a dealbreaker.',
} as const;

/** Smoking tolerances that mean smoke or vapour at home (the free-text rule reads them the same way). */
export const SMOKING_AT_HOME = ['vaping_ok', 'smoking_ok'] as const;
/** Pet answers that mean a pet in the home. */
export const PETS_AT_HOME = ['have_pets', 'want_pets'] as const;
/** Guest levels "Often" and "Always welcome". */
export const FREQUENT_GUESTS_FROM = 4;

export const isDealbreakerRule = (v: unknown): v is DealbreakerRule => DEALBREAKER_RULES.includes(v as DealbreakerRule);

const rulesOf = (p: MatchPerson): readonly DealbreakerRule[] => p.preferences?.dealbreakerRules ?? [];

const smokes = (p: MatchPerson) =>
  (SMOKING_AT_HOME as readonly string[]).includes(p.preferences?.smokingTolerance ?? '');
const hasPets = (p: MatchPerson) => (PETS_AT_HOME as readonly string[]).includes(p.pets ?? '');
const frequentGuests = (p: MatchPerson) => (p.preferences?.guestPolicy ?? 0) >= FREQUENT_GUESTS_FROM;

/**
 * The rules of `owner` that `other` breaks. An unanswered field breaks nothing: a rule rules out
 * what a student said, never what they left open.
 */
export function brokenRules(owner: MatchPerson, other: MatchPerson): DealbreakerRule[] {
  return rulesOf(owner).filter((rule) => {
    switch (rule) {
      case 'no_smokers':
        return smokes(other);
      case 'no_pets':
        return hasPets(other);
      case 'budget_ceiling': {
        const ceiling = owner.preferences?.maxBudget ?? null;
        const floor = other.preferences?.minBudget ?? null;
        return ceiling !== null && floor !== null && floor > ceiling;
      }
      case 'no_frequent_guests':
        return frequentGuests(other);
    }
    return false;
  });
}

/** Whether the two may meet in a deck: neither breaks a rule of the other. */
export const compatibleByDealbreakers = (a: MatchPerson, b: MatchPerson): boolean =>
  brokenRules(a, b).length === 0 && brokenRules(b, a).length === 0;

/**
 * What the deck's pool query needs to leave out breakers both ways, as plain numbers the SQL of both
 * engines compares cheaply per row (N151). For a group (D13) the members' rules add up and any
 * member's trait counts: a candidate who breaks one member's rule, or whose rule one member breaks,
 * stays out.
 */
export type PoolDealbreakers = {
  /** The viewer side's rules, 0/1. */
  noSmokers: 0 | 1;
  noPets: 0 | 1;
  noFrequentGuests: 0 | 1;
  /** The lowest firm maximum budget of the viewer side; NO_CEILING when none. */
  ceiling: number;
  /** The viewer side's traits the candidates' rules look at, 0/1. */
  smokes: 0 | 1;
  hasPets: 0 | 1;
  frequentGuests: 0 | 1;
  /** The highest minimum budget of the viewer side; 0 when unknown (0 is within every maximum). */
  minBudget: number;
};

/** Larger than any budget a student may enter (BUDGET_MAX). */
export const NO_CEILING = 1_000_000_000;

export const NO_POOL_DEALBREAKERS: PoolDealbreakers = {
  noSmokers: 0,
  noPets: 0,
  noFrequentGuests: 0,
  ceiling: NO_CEILING,
  smokes: 0,
  hasPets: 0,
  frequentGuests: 0,
  minBudget: 0,
};

const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

export function poolDealbreakers(members: MatchPerson[]): PoolDealbreakers {
  const has = (rule: DealbreakerRule) => members.some((m) => rulesOf(m).includes(rule));
  const ceilings = members
    .filter((m) => rulesOf(m).includes('budget_ceiling') && m.preferences?.maxBudget != null)
    .map((m) => m.preferences?.maxBudget as number);
  const floors = members.map((m) => m.preferences?.minBudget).filter((v): v is number => typeof v === 'number');
  return {
    noSmokers: bit(has('no_smokers')),
    noPets: bit(has('no_pets')),
    noFrequentGuests: bit(has('no_frequent_guests')),
    ceiling: ceilings.length > 0 ? Math.min(...ceilings) : NO_CEILING,
    smokes: bit(members.some(smokes)),
    hasPets: bit(members.some(hasPets)),
    frequentGuests: bit(members.some(frequentGuests)),
    minBudget: floors.length > 0 ? Math.max(...floors) : 0,
  };
}
