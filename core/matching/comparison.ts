/**
 * The full comparison behind the profile dialog (issue 21 "Honest compatibility"): every factor of
 * D12 with both students' answers side by side, what agrees, what differs, and each difference as a
 * "Talk about this" question (docs/decisions.md N152, N153). Pure: the same answers give the same
 * words, and the viewer is always "you".
 */
import { SLIDER_LABELS } from '../profiles/rules';
import {
  accepts,
  cleanReason,
  compatibility,
  guestReason,
  type MatchPerson,
  type MatchPreferences,
  money,
  noiseReason,
  SMOKING_RANK,
  sleepReason,
  studyReason,
  textDealbreakersHit,
} from './compatibility';
import { brokenRules, DEALBREAKER_LABELS, type DealbreakerRule } from './dealbreakers';

export const COMPARISON_FACTORS = [
  'cleanliness',
  'sleepSchedule',
  'noiseLevel',
  'studyHabits',
  'guestPolicy',
  'smoking',
  'budget',
  'moveIn',
  'housing',
  'gender',
  'dealbreakers',
] as const;
export type ComparisonFactor = (typeof COMPARISON_FACTORS)[number];

export type ComparisonStatus = 'agree' | 'differ' | 'missing';

/** A question to raise in the chat: as shown to the viewer, and as the viewer would send it. */
export type TalkAbout = { question: string; message: string };

export type FactorComparison = {
  key: ComparisonFactor;
  label: string;
  /** The viewer's answer in words, or null when not given. */
  mine: string | null;
  theirs: string | null;
  status: ComparisonStatus;
  /** "Both early risers", "Different sleep schedules", "They haven't answered yet". */
  summary: string;
  /** Only for a difference. */
  talkAbout: TalkAbout | null;
};

export type Comparison = { score: number; factors: FactorComparison[] };

export const FACTOR_LABELS: Record<ComparisonFactor, string> = {
  cleanliness: 'Cleanliness',
  sleepSchedule: 'Sleep schedule',
  noiseLevel: 'Social level',
  studyHabits: 'Study habits',
  guestPolicy: 'Guests',
  smoking: 'Smoking',
  budget: 'Budget',
  moveIn: 'Move-in',
  housing: 'Housing',
  gender: 'Gender preference',
  dealbreakers: 'Dealbreakers',
};

/** What each answer means after "You", "they" or "I" (the same verb form for all three). */
const SLIDER_PHRASES = {
  cleanliness: [
    'take a relaxed approach to tidying',
    'tidy up now and then',
    'like things tidy',
    'like things very clean',
    'want everything spotless',
  ],
  sleepSchedule: [
    'get up early',
    'keep fairly early hours',
    'keep flexible hours',
    'sleep in late',
    'stay up late as a night owl',
  ],
  noiseLevel: [
    'want a very quiet place',
    'prefer a quiet place',
    'like a mix of quiet and social',
    'like a social home',
    'love a lively, very social home',
  ],
  studyHabits: [
    'rarely study at home',
    'study at home now and then',
    'study at home regularly',
    'study at home often',
    'study at home daily and need quiet',
  ],
  guestPolicy: [
    'prefer no guests',
    'have guests over rarely',
    'have guests over sometimes',
    'have guests over often',
    'welcome guests any time',
  ],
} as const;

const SLIDER_DIFFER: Record<keyof typeof SLIDER_PHRASES, string> = {
  cleanliness: 'Different standards of clean',
  sleepSchedule: 'Different sleep schedules',
  noiseLevel: 'Different social energy',
  studyHabits: 'Different study habits',
  guestPolicy: 'Different comfort with guests',
};

const SLIDER_AGREE: Record<keyof typeof SLIDER_PHRASES, (a: number, b: number) => string> = {
  cleanliness: cleanReason,
  sleepSchedule: sleepReason,
  noiseLevel: noiseReason,
  studyHabits: studyReason,
  guestPolicy: guestReason,
};

const SMOKING_WORDS: Record<string, { label: string; phrase: string }> = {
  no_smoking: { label: 'No smoking', phrase: 'want a smoke-free home' },
  outside_only: { label: 'Outside only', phrase: 'accept smoking outside only' },
  vaping_ok: { label: 'Vaping is OK', phrase: 'accept vaping at home' },
  smoking_ok: { label: 'Smoking is OK', phrase: 'accept smoking at home' },
};

const HOUSING_WORDS: Record<string, { label: string; phrase: string }> = {
  looking_for_roommates: { label: 'Has a place, needs roommates', phrase: 'have a place and need roommates' },
  looking_to_join: { label: 'Looking to join a place', phrase: 'want to join a place' },
  flexible: { label: 'Flexible', phrase: 'stay flexible about housing' },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-08-20" → "Aug 20, 2026" (no locale: the same words on server and browser). */
const dateWords = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
};

/** The generic question: "You …; they …. How do you each see it?", and the viewer's own message. */
const talk = (mine: string, theirs: string): TalkAbout => ({
  question: `You ${mine}; they ${theirs}. How do you each see it?`,
  message: `I ${mine}; you ${theirs}. How do you see it?`,
});

const missingSummary = (mine: unknown, theirs: unknown) =>
  mine === null && theirs === null
    ? 'Neither of you has answered yet'
    : mine === null
      ? "You haven't answered yet"
      : "They haven't answered yet";

type Side = MatchPreferences | null;

function sliderComparison(key: keyof typeof SLIDER_PHRASES, me: Side, them: Side): FactorComparison {
  const a = me?.[key] ?? null;
  const b = them?.[key] ?? null;
  const labels = SLIDER_LABELS[key];
  const base = {
    key,
    label: FACTOR_LABELS[key],
    mine: a === null ? null : (labels[a - 1] ?? null),
    theirs: b === null ? null : (labels[b - 1] ?? null),
  };
  if (a === null || b === null) return { ...base, status: 'missing', summary: missingSummary(a, b), talkAbout: null };
  // Within one step is the same habit in practice (the score's reason threshold, D12).
  if (Math.abs(a - b) <= 1) return { ...base, status: 'agree', summary: SLIDER_AGREE[key](a, b), talkAbout: null };
  const phrases = SLIDER_PHRASES[key];
  return {
    ...base,
    status: 'differ',
    summary: SLIDER_DIFFER[key],
    talkAbout: talk(phrases[a - 1] as string, phrases[b - 1] as string),
  };
}

function smokingComparison(me: Side, them: Side): FactorComparison {
  const a = me?.smokingTolerance ?? null;
  const b = them?.smokingTolerance ?? null;
  const wa = a ? SMOKING_WORDS[a] : undefined;
  const wb = b ? SMOKING_WORDS[b] : undefined;
  const base = {
    key: 'smoking' as const,
    label: FACTOR_LABELS.smoking,
    mine: wa?.label ?? null,
    theirs: wb?.label ?? null,
  };
  if (!wa || !wb)
    return { ...base, status: 'missing', summary: missingSummary(base.mine, base.theirs), talkAbout: null };
  const ra = SMOKING_RANK[a as string] as number;
  const rb = SMOKING_RANK[b as string] as number;
  if (ra === rb) {
    return {
      ...base,
      status: 'agree',
      summary: ra === 0 ? 'Both non-smokers' : 'Same take on smoking',
      talkAbout: null,
    };
  }
  // No smoking and outside only both keep smoke out of the home.
  if (ra <= 1 && rb <= 1)
    return { ...base, status: 'agree', summary: 'Both keep smoke out of the home', talkAbout: null };
  return { ...base, status: 'differ', summary: 'Different takes on smoking', talkAbout: talk(wa.phrase, wb.phrase) };
}

function budgetWords(p: Side): { label: string; phrase: string } | null {
  const min = p?.minBudget ?? null;
  const max = p?.maxBudget ?? null;
  if (min !== null && max !== null)
    return { label: `${money(min)}–${money(max)}`, phrase: `plan to spend ${money(min)}–${money(max)} a month` };
  if (min !== null) return { label: `From ${money(min)}`, phrase: `plan to spend from ${money(min)} a month` };
  if (max !== null) return { label: `Up to ${money(max)}`, phrase: `plan to spend up to ${money(max)} a month` };
  return null;
}

function budgetComparison(me: Side, them: Side): FactorComparison {
  const wa = budgetWords(me);
  const wb = budgetWords(them);
  const base = {
    key: 'budget' as const,
    label: FACTOR_LABELS.budget,
    mine: wa?.label ?? null,
    theirs: wb?.label ?? null,
  };
  if (!wa || !wb)
    return { ...base, status: 'missing', summary: missingSummary(base.mine, base.theirs), talkAbout: null };
  const lo = Math.max(me?.minBudget ?? 0, them?.minBudget ?? 0);
  const hi = Math.min(me?.maxBudget ?? Number.POSITIVE_INFINITY, them?.maxBudget ?? Number.POSITIVE_INFINITY);
  if (hi >= lo) {
    const summary = Number.isFinite(hi) ? `Budgets overlap ${money(lo)}–${money(hi)}` : 'Budgets overlap';
    return { ...base, status: 'agree', summary, talkAbout: null };
  }
  return { ...base, status: 'differ', summary: "Budgets don't overlap", talkAbout: talk(wa.phrase, wb.phrase) };
}

/** A move-in date of null is "flexible" (the score reads it the same way, D12). */
function moveInComparison(me: Side, them: Side): FactorComparison {
  const base = { key: 'moveIn' as const, label: FACTOR_LABELS.moveIn };
  if (!me || !them) {
    const mine = me ? (me.moveInDate ? dateWords(me.moveInDate) : 'Flexible') : null;
    const theirs = them ? (them.moveInDate ? dateWords(them.moveInDate) : 'Flexible') : null;
    return { ...base, mine, theirs, status: 'missing', summary: missingSummary(mine, theirs), talkAbout: null };
  }
  const a = me.moveInDate;
  const b = them.moveInDate;
  const mine = a ? dateWords(a) : 'Flexible';
  const theirs = b ? dateWords(b) : 'Flexible';
  if (a === null && b === null)
    return { ...base, mine, theirs, status: 'agree', summary: 'Both flexible on move-in', talkAbout: null };
  if (a === null || b === null) {
    return { ...base, mine, theirs, status: 'agree', summary: 'One of you is flexible on move-in', talkAbout: null };
  }
  const days = Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
  if (days <= 30)
    return { ...base, mine, theirs, status: 'agree', summary: 'Moving in around the same time', talkAbout: null };
  return {
    ...base,
    mine,
    theirs,
    status: 'differ',
    summary: `Move-in dates ${Math.round(days)} days apart`,
    talkAbout: talk(`want to move in around ${mine}`, `want to move in around ${theirs}`),
  };
}

function housingComparison(me: Side, them: Side): FactorComparison {
  const a = me?.housingStatus ?? null;
  const b = them?.housingStatus ?? null;
  const wa = a ? HOUSING_WORDS[a] : undefined;
  const wb = b ? HOUSING_WORDS[b] : undefined;
  const base = {
    key: 'housing' as const,
    label: FACTOR_LABELS.housing,
    mine: wa?.label ?? null,
    theirs: wb?.label ?? null,
  };
  if (!wa || !wb)
    return { ...base, status: 'missing', summary: missingSummary(base.mine, base.theirs), talkAbout: null };
  // Someone with housing and someone looking for it fit best (D12); two places need a choice.
  if (a === 'looking_for_roommates' && b === 'looking_for_roommates') {
    return {
      ...base,
      status: 'differ',
      summary: 'You both have a place',
      talkAbout: {
        question: 'You both have a place. Whose would you share, or would you look for a new one together?',
        message: 'We both have a place. Whose would we share, or should we look for a new one together?',
      },
    };
  }
  const pair = [a, b].sort().join('+');
  const summary =
    pair === 'looking_for_roommates+looking_to_join'
      ? 'One has a place, one is looking'
      : pair === 'looking_to_join+looking_to_join'
        ? 'Both searching for a place'
        : 'Flexible on housing';
  return { ...base, status: 'agree', summary, talkAbout: null };
}

const genderWords = (prefs: string[]) =>
  prefs.length === 0 || prefs.includes('Open to all') ? 'Open to all' : prefs.join(', ');

/** Gender preference: shown, never turned into a question (N153: a preference, not a habit to negotiate). */
function genderComparison(me: MatchPerson, them: MatchPerson): FactorComparison {
  const base = { key: 'gender' as const, label: FACTOR_LABELS.gender, talkAbout: null };
  const mine = me.preferences ? genderWords(me.preferences.genderPreference) : null;
  const theirs = them.preferences ? genderWords(them.preferences.genderPreference) : null;
  if (!me.preferences || !them.preferences)
    return { ...base, mine, theirs, status: 'missing', summary: missingSummary(mine, theirs) };
  const fits =
    accepts(me.preferences.genderPreference, them.gender) && accepts(them.preferences.genderPreference, me.gender);
  return fits
    ? { ...base, mine, theirs, status: 'agree', summary: "You fit each other's preferences" }
    : { ...base, mine, theirs, status: 'differ', summary: "Your gender preferences don't both fit" };
}

const RULE_WORDS: Record<DealbreakerRule, { owner: string; breaker: string }> = {
  no_smokers: { owner: 'ruled out smokers', breaker: 'accept smoking or vaping at home' },
  no_pets: { owner: 'ruled out pets', breaker: 'have or want a pet' },
  budget_ceiling: { owner: 'set a firm maximum budget', breaker: 'have a minimum budget above it' },
  no_frequent_guests: { owner: 'ruled out frequent guests', breaker: 'have guests over often' },
};

const dealbreakerWords = (p: Side): string | null => {
  if (!p) return null;
  const words = [...(p.dealbreakerRules ?? []).map((r) => DEALBREAKER_LABELS[r].label), ...p.dealbreakers];
  return words.length > 0 ? words.join(', ') : 'None';
};

/** Structured rules first, then the free text (000 §3), each way round. */
function dealbreakersComparison(me: MatchPerson, them: MatchPerson): FactorComparison {
  const base = { key: 'dealbreakers' as const, label: FACTOR_LABELS.dealbreakers };
  const mine = dealbreakerWords(me.preferences);
  const theirs = dealbreakerWords(them.preferences);
  if (mine === null || theirs === null)
    return { ...base, mine, theirs, status: 'missing', summary: missingSummary(mine, theirs), talkAbout: null };
  const agree = (summary: string) => ({ ...base, mine, theirs, status: 'agree' as const, summary, talkAbout: null });
  const differ = (talkAbout: TalkAbout) => ({
    ...base,
    mine,
    theirs,
    status: 'differ' as const,
    summary: 'A dealbreaker is in the way',
    talkAbout,
  });
  const [myRule] = brokenRules(me, them);
  if (myRule) {
    const w = RULE_WORDS[myRule];
    return differ({
      question: `You ${w.owner}; they ${w.breaker}. How do you each see it?`,
      message: `I ${w.owner}; you ${w.breaker}. How do you see it?`,
    });
  }
  const [theirRule] = brokenRules(them, me);
  if (theirRule) {
    const w = RULE_WORDS[theirRule];
    return differ({
      question: `They ${w.owner}; you ${w.breaker}. How do you each see it?`,
      message: `You ${w.owner}; I ${w.breaker}. How do you see it?`,
    });
  }
  const [myText] = textDealbreakersHit(me, them);
  if (myText) {
    return differ({
      question: `You listed “${myText}” as a dealbreaker, and their answers touch it. How do you each see it?`,
      message: `I listed “${myText}” as a dealbreaker. How do you see it?`,
    });
  }
  const [theirText] = textDealbreakersHit(them, me);
  if (theirText) {
    return differ({
      question: `They listed “${theirText}” as a dealbreaker, and your answers touch it. How do you each see it?`,
      message: `You listed “${theirText}” as a dealbreaker. How do you see it?`,
    });
  }
  return agree(mine === 'None' && theirs === 'None' ? 'No dealbreakers on either side' : 'No dealbreaker in the way');
}

/** The viewer (`me`) and another student, factor by factor in D12's order. */
export function compareStudents(me: MatchPerson, them: MatchPerson): Comparison {
  const a = me.preferences;
  const b = them.preferences;
  return {
    score: compatibility(me, them).score,
    factors: [
      sliderComparison('cleanliness', a, b),
      sliderComparison('sleepSchedule', a, b),
      sliderComparison('noiseLevel', a, b),
      sliderComparison('studyHabits', a, b),
      sliderComparison('guestPolicy', a, b),
      smokingComparison(a, b),
      budgetComparison(a, b),
      moveInComparison(a, b),
      housingComparison(a, b),
      genderComparison(me, them),
      dealbreakersComparison(me, them),
    ],
  };
}
