/**
 * Rules of roommate agreements (issue 21): checking and cleaning proposed terms, the pre-fill from
 * everyone's preferences, who must accept what, and the split of rent and bills. Pure; the same
 * checks run in the browser before a proposal is sent and on the server, which decides.
 */
import { SLIDER_LABELS, SMOKING_TOLERANCES, type SmokingTolerance } from '../profiles/rules';
import type { FieldError } from '../shared/errors';
import { cleanText } from '../shared/sanitize';
import type { Agreement, AgreementVersion, PreferenceSnapshot, Split, Terms } from './model';
import { CLEANING_FREQUENCIES, SPLIT_METHODS } from './model';
import { splitCents } from './money';

export const AGREEMENT_LIMITS = {
  text: 500,
  shortText: 80,
  cleaningTasks: 20,
  bills: 12,
  /** $100,000: far above any student's rent, small enough to add up safely in cents. */
  maxCents: 10_000_000,
  roomSqftMax: 10_000,
  basisPoints: 10_000,
  leaseMonthsMax: 60,
  overnightPerWeekMax: 7,
  expenseDescription: 120,
} as const;

export const TERMS_MESSAGES = {
  time: 'Use a time like 22:00.',
  amount: 'Enter an amount from $0 to $100,000.',
  positiveAmount: 'Enter an amount greater than $0 and at most $100,000.',
  date: 'Use a date like 2026-08-20.',
  lease: `Lease term must be 1 to ${AGREEMENT_LIMITS.leaseMonthsMax} months.`,
  overnight: 'Choose 0 to 7 nights a week.',
  tooManyTasks: `At most ${AGREEMENT_LIMITS.cleaningTasks} cleaning tasks.`,
  tooManyBills: `At most ${AGREEMENT_LIMITS.bills} bills.`,
  who: 'Choose who does it from the people in this agreement.',
  frequency: 'Choose how often from the list.',
  smoking: 'Please choose one of the listed options.',
  splitMethod: 'Choose equal, by room size or custom %.',
  splitPeople: 'Give a value for each person in the agreement, once.',
  roomSize: `Room sizes are whole square feet from 1 to ${AGREEMENT_LIMITS.roomSqftMax}.`,
  percents: 'Custom percentages must add up to exactly 100%.',
  percentRange: 'Each percentage must be from 0% to 100%, to two decimals.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isDate = (s: string) => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const isCents = (n: number, min = 0) => Number.isInteger(n) && n >= min && n <= AGREEMENT_LIMITS.maxCents;

/** Checks a split against the agreement's parties; the first problem, or null. */
export function splitProblem(split: Split, parties: readonly string[]): string | null {
  if (!SPLIT_METHODS.includes(split.method)) return TERMS_MESSAGES.splitMethod;
  if (split.method === 'equal') return null;
  const ids = split.weights.map((w) => w.userId);
  if (ids.length !== parties.length || new Set(ids).size !== ids.length || ids.some((id) => !parties.includes(id)))
    return TERMS_MESSAGES.splitPeople;
  if (split.method === 'room_size') {
    const bad = split.weights.some(
      (w) => !Number.isInteger(w.weight) || w.weight < 1 || w.weight > AGREEMENT_LIMITS.roomSqftMax,
    );
    return bad ? TERMS_MESSAGES.roomSize : null;
  }
  if (split.weights.some((w) => !Number.isInteger(w.weight) || w.weight < 0 || w.weight > AGREEMENT_LIMITS.basisPoints))
    return TERMS_MESSAGES.percentRange;
  const sum = split.weights.reduce((s, w) => s + w.weight, 0);
  return sum === AGREEMENT_LIMITS.basisPoints ? null : TERMS_MESSAGES.percents;
}

/** The weights a split divides by: one each for `equal`, in party (id) order. */
export function splitWeights(split: Split, parties: readonly string[]) {
  const sorted = [...parties].sort();
  if (split.method === 'equal') return sorted.map((userId) => ({ userId, weight: 1 }));
  const byId = new Map(split.weights.map((w) => [w.userId, w.weight]));
  return sorted.map((userId) => ({ userId, weight: byId.get(userId) ?? 0 }));
}

/**
 * Checks and cleans proposed terms for these parties: text sanitised (001 §5), every amount in
 * whole cents, splits naming exactly the parties. Returns the cleaned terms or field errors whose
 * paths follow the body (`rent.split`, `bills.1.monthlyCents`).
 */
export function checkTerms(
  terms: Terms,
  parties: readonly string[],
): { ok: true; terms: Terms } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const text = (path: string, value: string, options: { max?: number; required?: boolean } = {}) => {
    const r = cleanText(value, { max: options.max ?? AGREEMENT_LIMITS.text, required: options.required });
    if (!r.ok) {
      errors.push({ path, message: r.message });
      return '';
    }
    return r.value;
  };
  const quietHours = {
    from: terms.quietHours.from,
    to: terms.quietHours.to,
    notes: text('quietHours.notes', terms.quietHours.notes),
  };
  if (!TIME.test(quietHours.from)) errors.push({ path: 'quietHours.from', message: TERMS_MESSAGES.time });
  if (!TIME.test(quietHours.to)) errors.push({ path: 'quietHours.to', message: TERMS_MESSAGES.time });
  const max = terms.guests.maxOvernightPerWeek;
  if (max !== null && (!Number.isInteger(max) || max < 0 || max > AGREEMENT_LIMITS.overnightPerWeekMax))
    errors.push({ path: 'guests.maxOvernightPerWeek', message: TERMS_MESSAGES.overnight });
  const guests = {
    daytime: text('guests.daytime', terms.guests.daytime),
    overnight: text('guests.overnight', terms.guests.overnight),
    maxOvernightPerWeek: max,
  };
  if (terms.cleaning.length > AGREEMENT_LIMITS.cleaningTasks)
    errors.push({ path: 'cleaning', message: TERMS_MESSAGES.tooManyTasks });
  const cleaning = terms.cleaning.slice(0, AGREEMENT_LIMITS.cleaningTasks).map((t, i) => {
    const who = [...new Set(t.who)];
    if (who.length === 0 || who.some((id) => !parties.includes(id)))
      errors.push({ path: `cleaning.${i}.who`, message: TERMS_MESSAGES.who });
    if (!CLEANING_FREQUENCIES.includes(t.frequency))
      errors.push({ path: `cleaning.${i}.frequency`, message: TERMS_MESSAGES.frequency });
    return {
      task: text(`cleaning.${i}.task`, t.task, { max: AGREEMENT_LIMITS.shortText, required: true }),
      who,
      frequency: t.frequency,
    };
  });
  if (!SMOKING_TOLERANCES.includes(terms.smoking)) errors.push({ path: 'smoking', message: TERMS_MESSAGES.smoking });
  const money = (path: string, n: number) => {
    if (!isCents(n)) errors.push({ path, message: TERMS_MESSAGES.amount });
  };
  const split = (path: string, s: Split): Split => {
    const problem = splitProblem(s, parties);
    if (problem) errors.push({ path, message: problem });
    return s.method === 'equal'
      ? { method: 'equal', weights: [] }
      : { method: s.method, weights: splitWeights(s, parties) };
  };
  money('rent.monthlyCents', terms.rent.monthlyCents);
  const rent = { monthlyCents: terms.rent.monthlyCents, split: split('rent.split', terms.rent.split) };
  if (terms.bills.length > AGREEMENT_LIMITS.bills) errors.push({ path: 'bills', message: TERMS_MESSAGES.tooManyBills });
  const bills = terms.bills.slice(0, AGREEMENT_LIMITS.bills).map((b, i) => {
    money(`bills.${i}.monthlyCents`, b.monthlyCents);
    return {
      name: text(`bills.${i}.name`, b.name, { max: AGREEMENT_LIMITS.shortText, required: true }),
      monthlyCents: b.monthlyCents,
      split: split(`bills.${i}.split`, b.split),
    };
  });
  money('depositCents', terms.depositCents);
  if (terms.moveInDate !== null && !isDate(terms.moveInDate))
    errors.push({ path: 'moveInDate', message: TERMS_MESSAGES.date });
  const lease = terms.leaseTermMonths;
  if (lease !== null && (!Number.isInteger(lease) || lease < 1 || lease > AGREEMENT_LIMITS.leaseMonthsMax))
    errors.push({ path: 'leaseTermMonths', message: TERMS_MESSAGES.lease });
  const cleaned: Terms = {
    quietHours,
    guests,
    cleaning,
    supplies: text('supplies', terms.supplies),
    kitchen: text('kitchen', terms.kitchen),
    smoking: terms.smoking,
    pets: text('pets', terms.pets),
    temperature: text('temperature', terms.temperature),
    rent,
    bills,
    depositCents: terms.depositCents,
    moveInDate: terms.moveInDate,
    leaseTermMonths: lease,
    problems: text('problems', terms.problems),
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, terms: cleaned };
}

/** Every free-text field of the terms, for screening (issue 15's classifier, N56). */
export function termsTextFields(terms: Terms): { path: string; text: string }[] {
  return [
    { path: 'quietHours.notes', text: terms.quietHours.notes },
    { path: 'guests.daytime', text: terms.guests.daytime },
    { path: 'guests.overnight', text: terms.guests.overnight },
    ...terms.cleaning.map((t, i) => ({ path: `cleaning.${i}.task`, text: t.task })),
    { path: 'supplies', text: terms.supplies },
    { path: 'kitchen', text: terms.kitchen },
    { path: 'pets', text: terms.pets },
    { path: 'temperature', text: terms.temperature },
    ...terms.bills.map((b, i) => ({ path: `bills.${i}.name`, text: b.name })),
    { path: 'problems', text: terms.problems },
  ];
}

const SMOKING_ORDER: readonly SmokingTolerance[] = SMOKING_TOLERANCES;
const QUIET_FROM = ['22:00', '22:30', '23:00', '23:30', '00:00'];
const QUIET_TO = ['07:00', '07:00', '08:00', '08:30', '09:00'];

const minOf = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.min(...known) : null;
};
const maxOf = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
};

/**
 * The first version, from everyone's preferences (issue 21): the earliest sleeper sets quiet hours,
 * the quietest sets the noise note, the most private sets guests, the strictest smoking tolerance
 * wins, the tidiest sets how often the rota runs, an allergy rules out pets, rent is the sum of
 * each one's budget midpoint, and move-in is the latest date anyone gave (N142). Everything is a
 * starting point to edit.
 */
export function prefillTerms(parties: readonly string[], prefs: readonly PreferenceSnapshot[]): Terms {
  const of = parties.map((id) => prefs.find((p) => p.userId === id));
  const sleep = minOf(of.map((p) => p?.sleepSchedule ?? null)) ?? 3;
  const noise = minOf(of.map((p) => p?.noiseLevel ?? null)) ?? 3;
  const guestLevel = minOf(of.map((p) => p?.guestPolicy ?? null)) ?? 3;
  const tidy = maxOf(of.map((p) => p?.cleanliness ?? null)) ?? 3;
  const smoking = of
    .map((p) => p?.smokingTolerance)
    .filter((s): s is SmokingTolerance => SMOKING_ORDER.includes(s as SmokingTolerance))
    .reduce<SmokingTolerance>(
      (strictest, s) => (SMOKING_ORDER.indexOf(s) < SMOKING_ORDER.indexOf(strictest) ? s : strictest),
      'smoking_ok',
    );
  const anySmoking = of.some((p) => SMOKING_ORDER.includes(p?.smokingTolerance as SmokingTolerance));
  const pets = of.map((p) => p?.pets ?? null);
  const midpoints = of.map((p) =>
    p?.minBudget != null && p.maxBudget != null ? Math.round(((p.minBudget + p.maxBudget) / 2) * 100) : null,
  );
  const rentCents = midpoints.every((m) => m !== null) ? midpoints.reduce<number>((s, m) => s + (m ?? 0), 0) : 0;
  const moveIns = of.map((p) => p?.moveInDate ?? null).filter((d): d is string => d !== null && isDate(d));
  const everyone = [...parties].sort();
  const rota = tidy >= 4 ? 'weekly' : 'every_two_weeks';
  const equal: Split = { method: 'equal', weights: [] };
  const level = (n: number) => Math.min(5, Math.max(1, Math.round(n))) - 1;
  return {
    quietHours: {
      from: QUIET_FROM[level(sleep)] as string,
      to: QUIET_TO[level(sleep)] as string,
      notes:
        noise <= 2
          ? 'Headphones for music, shows and calls in shared rooms; keep it down after quiet hours.'
          : 'Music and calls are fine in the day; keep it down after quiet hours.',
    },
    guests: {
      daytime:
        guestLevel <= 2
          ? `Daytime guests now and then (${SLIDER_LABELS.guestPolicy[level(guestLevel)]}); give a heads-up in the chat first.`
          : 'Daytime guests are welcome; give a heads-up in the chat for groups.',
      overnight:
        guestLevel <= 1
          ? 'None.'
          : guestLevel <= 2
            ? 'Only when everyone agrees first.'
            : 'With a day’s notice in the chat.',
      maxOvernightPerWeek: guestLevel <= 1 ? 0 : guestLevel <= 2 ? 1 : guestLevel <= 3 ? 2 : 3,
    },
    cleaning: [
      { task: 'Kitchen and dishes', who: everyone, frequency: tidy >= 4 ? 'daily' : 'twice_weekly' },
      { task: 'Bathroom', who: everyone, frequency: rota },
      { task: 'Floors and vacuuming', who: everyone, frequency: rota },
      { task: 'Trash and recycling', who: everyone, frequency: 'weekly' },
    ],
    supplies:
      'Toilet paper, dish soap, cleaning products and trash bags are shared; whoever buys them adds them to the ledger.',
    kitchen: 'Clean up the same day; label your own food; shared staples are for everyone.',
    smoking: anySmoking ? smoking : 'no_smoking',
    pets: pets.includes('allergic')
      ? 'No pets: someone in the home is allergic.'
      : pets.includes('have_pets')
        ? 'Pets already living here are welcome; their owner covers cleaning and any damage. No new pets without everyone agreeing.'
        : 'No pets without everyone agreeing first.',
    temperature: 'Thermostat between 68°F and 74°F; ask before changing it.',
    rent: { monthlyCents: rentCents, split: equal },
    bills: [
      { name: 'Electricity and gas', monthlyCents: 0, split: equal },
      { name: 'Internet', monthlyCents: 0, split: equal },
      { name: 'Water and trash', monthlyCents: 0, split: equal },
    ],
    depositCents: rentCents,
    moveInDate: moveIns.length > 0 ? ([...moveIns].sort().at(-1) ?? null) : null,
    leaseTermMonths: 12,
    problems:
      'Raise it in the chat within a few days, calmly and directly. If it is not solved, sit down together within a week. Anything about safety goes to Nestmate’s Report.',
  };
}

export const current = (a: Agreement): AgreementVersion | undefined =>
  a.versions.find((v) => v.version === a.currentVersion);
export const accepted = (a: Agreement): AgreementVersion | undefined =>
  a.acceptedVersion === null ? undefined : a.versions.find((v) => v.version === a.acceptedVersion);

/** Whether everyone a version was written for has accepted it. */
export const isFullyAccepted = (v: AgreementVersion) =>
  v.parties.every((p) => v.acceptances.some((a) => a.userId === p));

/** Same people, in any order. */
export const sameParties = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** A stable text of the terms, to tell an unchanged proposal (key order is the checked object's). */
export const termsKey = (t: Terms) => JSON.stringify(t);

export type PersonCost = {
  userId: string;
  rentCents: number;
  bills: { name: string; cents: number }[];
  monthlyCents: number;
  annualCents: number;
};

/**
 * "Split with roommates" (issue 21, 001 §2's calculator): rent and each bill divided by their agreed
 * split; each person's monthly share and annual total (12 × monthly). Every line's shares sum to
 * the line exactly.
 */
export function costShares(terms: Terms, parties: readonly string[]): PersonCost[] {
  const rent = splitCents(terms.rent.monthlyCents, splitWeights(terms.rent.split, parties));
  const bills = terms.bills.map((b) => ({
    name: b.name,
    shares: splitCents(b.monthlyCents, splitWeights(b.split, parties)),
  }));
  return [...parties].sort().map((userId) => {
    const rentCents = rent.find((s) => s.userId === userId)?.cents ?? 0;
    const billLines = bills.map((b) => ({
      name: b.name,
      cents: b.shares.find((s) => s.userId === userId)?.cents ?? 0,
    }));
    const monthlyCents = rentCents + billLines.reduce((s, b) => s + b.cents, 0);
    return { userId, rentCents, bills: billLines, monthlyCents, annualCents: monthlyCents * 12 };
  });
}
