import { COMPARISON_FACTORS, type ComparisonFactor, compareStudents, type FactorComparison } from './comparison';
import { compatibility, type MatchPerson, type MatchPreferences } from './compatibility';

const prefs = (over: Partial<MatchPreferences> = {}): MatchPreferences => ({
  cleanliness: 3,
  sleepSchedule: 3,
  noiseLevel: 3,
  studyHabits: 3,
  guestPolicy: 3,
  smokingTolerance: 'no_smoking',
  housingStatus: 'looking_to_join',
  minBudget: 800,
  maxBudget: 1100,
  moveInDate: '2027-08-20',
  genderPreference: [],
  dealbreakers: [],
  ...over,
});
const person = (over: Partial<MatchPreferences> = {}, extra: Partial<MatchPerson> = {}): MatchPerson => ({
  gender: 'Female',
  pets: 'no_pets',
  preferences: prefs(over),
  ...extra,
});

const factor = (me: MatchPerson, them: MatchPerson, key: ComparisonFactor): FactorComparison => {
  const f = compareStudents(me, them).factors.find((x) => x.key === key);
  if (!f) throw new Error(`no ${key}`);
  return f;
};

describe('compareStudents (issue 21: every D12 factor side by side)', () => {
  it('lists every factor of D12 in order, with the pair’s D12 score', () => {
    const me = person();
    const them = person({ sleepSchedule: 5 });
    const c = compareStudents(me, them);
    expect(c.factors.map((f) => f.key)).toEqual([...COMPARISON_FACTORS]);
    expect(c.score).toBe(compatibility(me, them).score);
  });

  it('agrees when both answers are the same', () => {
    const f = factor(person({ sleepSchedule: 1 }), person({ sleepSchedule: 2 }), 'sleepSchedule');
    expect(f).toEqual({
      key: 'sleepSchedule',
      label: 'Sleep schedule',
      mine: 'Early bird',
      theirs: 'Early-ish',
      status: 'agree',
      summary: 'Both early risers',
      talkAbout: null,
    });
  });

  // One row per slider factor: agree within a step, differ beyond, missing when a side is blank.
  it.each([
    [
      'cleanliness',
      'Similar cleanliness',
      'Different standards of clean',
      'You like things tidy; they want everything spotless. How do you each see it?',
    ],
    [
      'sleepSchedule',
      'Similar sleep schedules',
      'Different sleep schedules',
      'You keep flexible hours; they stay up late as a night owl. How do you each see it?',
    ],
    [
      'noiseLevel',
      'Same social energy',
      'Different social energy',
      'You like a mix of quiet and social; they love a lively, very social home. How do you each see it?',
    ],
    [
      'studyHabits',
      'Similar study habits',
      'Different study habits',
      'You study at home regularly; they study at home daily and need quiet. How do you each see it?',
    ],
    [
      'guestPolicy',
      'Same comfort with guests',
      'Different comfort with guests',
      'You have guests over sometimes; they welcome guests any time. How do you each see it?',
    ],
  ] as const)('%s: agree, differ with a question, missing', (key, agree, differ, question) => {
    expect(factor(person({ [key]: 3 }), person({ [key]: 4 }), key)).toMatchObject({
      status: 'agree',
      summary: agree,
      talkAbout: null,
    });
    const d = factor(person({ [key]: 3 }), person({ [key]: 5 }), key);
    expect(d).toMatchObject({ status: 'differ', summary: differ, talkAbout: { question } });
    // The message is the viewer's own voice, for the chat.
    expect(d.talkAbout?.message).toMatch(/^I .+; you .+\. How do you see it\?$/);
    // A missing answer (only the guest policy may be blank in the form; any may be in old rows).
    const m = factor(person({ [key]: 3 }), person({ [key]: null }), key);
    expect(m).toMatchObject({ status: 'missing', theirs: null, summary: "They haven't answered yet", talkAbout: null });
    expect(factor(person({ [key]: null }), person({ [key]: 3 }), key).summary).toBe("You haven't answered yet");
  });

  it('turns guests against a quiet home into the issue’s kind of question, both voices', () => {
    const f = factor(person({ guestPolicy: 4 }), person({ guestPolicy: 1 }), 'guestPolicy');
    expect(f.talkAbout).toEqual({
      question: 'You have guests over often; they prefer no guests. How do you each see it?',
      message: 'I have guests over often; you prefer no guests. How do you see it?',
    });
    expect([f.mine, f.theirs]).toEqual(['Often', 'No guests']);
  });

  it('smoking: same answers agree, smoke-free and outside-only agree, smoking at home differs, blank is missing', () => {
    expect(factor(person(), person(), 'smoking')).toMatchObject({ status: 'agree', summary: 'Both non-smokers' });
    expect(
      factor(person({ smokingTolerance: 'outside_only' }), person({ smokingTolerance: 'no_smoking' }), 'smoking'),
    ).toMatchObject({ status: 'agree', summary: 'Both keep smoke out of the home' });
    expect(factor(person(), person({ smokingTolerance: 'smoking_ok' }), 'smoking')).toMatchObject({
      status: 'differ',
      mine: 'No smoking',
      theirs: 'Smoking is OK',
      talkAbout: { question: 'You want a smoke-free home; they accept smoking at home. How do you each see it?' },
    });
    expect(factor(person(), person({ smokingTolerance: null }), 'smoking').status).toBe('missing');
  });

  it('budget: overlap agrees with the range, no overlap differs, no budget is missing', () => {
    expect(factor(person(), person({ minBudget: 1000, maxBudget: 1500 }), 'budget')).toMatchObject({
      status: 'agree',
      mine: '$800–$1,100',
      theirs: '$1,000–$1,500',
      summary: 'Budgets overlap $1,000–$1,100',
    });
    expect(factor(person(), person({ minBudget: 1400, maxBudget: 1800 }), 'budget')).toMatchObject({
      status: 'differ',
      summary: "Budgets don't overlap",
      talkAbout: {
        question:
          'You plan to spend $800–$1,100 a month; they plan to spend $1,400–$1,800 a month. How do you each see it?',
      },
    });
    expect(factor(person(), person({ minBudget: null, maxBudget: null }), 'budget').status).toBe('missing');
    expect(factor(person({ minBudget: null }), person({ maxBudget: null }), 'budget')).toMatchObject({
      status: 'agree',
      mine: 'Up to $1,100',
      theirs: 'From $800',
    });
  });

  it('move-in: within 30 days agrees, far apart differs, flexible agrees, no preferences is missing', () => {
    expect(factor(person(), person({ moveInDate: '2027-09-01' }), 'moveIn')).toMatchObject({
      status: 'agree',
      mine: 'Aug 20, 2027',
      summary: 'Moving in around the same time',
    });
    expect(factor(person(), person({ moveInDate: '2027-01-05' }), 'moveIn')).toMatchObject({
      status: 'differ',
      summary: 'Move-in dates 227 days apart',
      talkAbout: {
        question:
          'You want to move in around Aug 20, 2027; they want to move in around Jan 5, 2027. How do you each see it?',
      },
    });
    expect(factor(person(), person({ moveInDate: null }), 'moveIn')).toMatchObject({
      status: 'agree',
      theirs: 'Flexible',
      summary: 'One of you is flexible on move-in',
    });
    expect(factor(person(), { gender: null, preferences: null }, 'moveIn').status).toBe('missing');
  });

  it('housing: a place and a seeker agree; two places differ with their own question; blank is missing', () => {
    expect(factor(person({ housingStatus: 'looking_for_roommates' }), person(), 'housing')).toMatchObject({
      status: 'agree',
      summary: 'One has a place, one is looking',
    });
    const both = factor(
      person({ housingStatus: 'looking_for_roommates' }),
      person({ housingStatus: 'looking_for_roommates' }),
      'housing',
    );
    expect(both).toMatchObject({ status: 'differ', summary: 'You both have a place' });
    expect(both.talkAbout?.message).toBe(
      'We both have a place. Whose would we share, or should we look for a new one together?',
    );
    expect(factor(person(), person({ housingStatus: null }), 'housing').status).toBe('missing');
  });

  it('gender preference: fits agree, a misfit differs without a question, no preferences is missing', () => {
    expect(factor(person(), person(), 'gender')).toMatchObject({ status: 'agree', mine: 'Open to all' });
    const misfit = factor(person({ genderPreference: ['Male'] }), person(), 'gender');
    expect(misfit).toMatchObject({ status: 'differ', mine: 'Male', theirs: 'Open to all', talkAbout: null });
    expect(factor(person(), { gender: 'Male', preferences: null }, 'gender').status).toBe('missing');
  });

  it('dealbreakers: structured rules and free text, each way round', () => {
    const none = factor(person(), person(), 'dealbreakers');
    expect(none).toMatchObject({ status: 'agree', mine: 'None', summary: 'No dealbreakers on either side' });

    const noPets = person({ dealbreakerRules: ['no_pets'] });
    const petOwner = person({}, { pets: 'have_pets' });
    expect(factor(noPets, petOwner, 'dealbreakers')).toMatchObject({
      status: 'differ',
      mine: 'No pets',
      theirs: 'None',
      talkAbout: {
        question: 'You ruled out pets; they have or want a pet. How do you each see it?',
        message: 'I ruled out pets; you have or want a pet. How do you see it?',
      },
    });
    expect(factor(petOwner, noPets, 'dealbreakers').talkAbout?.question).toBe(
      'They ruled out pets; you have or want a pet. How do you each see it?',
    );

    const text = person({ dealbreakers: ['smoking inside'] });
    const smoker = person({ smokingTolerance: 'smoking_ok' });
    expect(factor(text, smoker, 'dealbreakers')).toMatchObject({
      status: 'differ',
      mine: 'smoking inside',
      talkAbout: { message: 'I listed “smoking inside” as a dealbreaker. How do you see it?' },
    });
    expect(factor(smoker, text, 'dealbreakers').talkAbout?.message).toBe(
      'You listed “smoking inside” as a dealbreaker. How do you see it?',
    );
    // Rules nobody breaks agree.
    expect(factor(noPets, person(), 'dealbreakers')).toMatchObject({
      status: 'agree',
      summary: 'No dealbreaker in the way',
    });
    expect(factor(noPets, { gender: null, preferences: null }, 'dealbreakers').status).toBe('missing');
  });

  it('a student without preferences has every factor missing (and the default score)', () => {
    const c = compareStudents(person(), { gender: 'Male', preferences: null });
    expect(c.factors.every((f) => f.status === 'missing' && f.theirs === null && f.talkAbout === null)).toBe(true);
    expect(c.score).toBe(75);
  });
});
