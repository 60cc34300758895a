import { baselineVerdict } from './auto-flag';
import { createClassifier, extractFeatures, fromModelFile, toModelFile } from './classifier';
import { evaluate, reliability } from './evaluate';
import type { ProfanityMatcher } from './ports';
import type { Category } from './rules';
import { type LabelledText, trainModerationModel } from './train';

/** A small fixed set: enough for the machinery, not for the product's figures (bench/moderation.ts). */
const TRAIN: Record<Category, string[]> = {
  rental_scam: [
    "I'm out of the country, wire the deposit and I will mail you the keys",
    'Send the first month rent before the viewing to hold the room',
    'Pay with gift cards and the apartment is yours',
    "I will send a cashier's check, keep the rent and send the rest back",
    'My agent releases the lockbox code once you pay the deposit, no viewing needed',
    'Deposit today or I give the room to one of the other students asking',
  ],
  off_platform: [
    'Lets move this chat to WhatsApp, the app watches the messages',
    'Text me on Telegram and pay the deposit through Zelle there',
    'Add me on WhatsApp, I do not use this app for payments',
    'Continue on Signal please, this platform reads everything',
    'Just Venmo me the fee and we talk off the app',
    'Message me on my personal email, not here',
  ],
  phishing: [
    'Log in at this link with your school password to verify your student status',
    'Send me the verification code you just got so I can confirm your account',
    'I need your SSN and bank login to run the background check',
    'Your account will be suspended, confirm your identity at http://campus-verify.xyz',
    'What is the 6 digit code they texted you? I need it to add you',
    'Enter your university credentials on this form so the landlord can check you',
  ],
  investment: [
    'I can double your money in a week trading crypto, join my team',
    'Passive income opportunity, 30% return a month guaranteed',
    'Invest in this bitcoin mining platform, my mentor made 10x',
    'Be your own boss, recruit two friends and earn from your downline',
    'Forex trading signals, DM me for details, financial freedom',
    'Put $200 into this coin staking program and watch it grow',
  ],
  harassment: [
    'kys nobody wants to live with you',
    'You are a worthless loser, answer me',
    'I know where you live so you better reply',
    "I'll find you and ruin your life",
    'Shut up you stupid idiot',
    'Go kill yourself, pathetic',
  ],
  hate: [
    'No muslims in my apartment, go back to your country',
    'I am not renting to your kind, you people are animals',
    'Immigrants are vermin and should not live here',
    'I hate gays, do not apply',
    'Not living with blacks, sorry',
    'Those people are subhuman invaders',
  ],
  sexual: [
    'Send me nudes and the room is yours',
    'Rent can be paid in other ways if you know what I mean',
    'You can live here for free if you sleep with me',
    'Check out my onlyfans before we meet',
    'Send pics of yourself in lingerie',
    'Wanna hook up before you move in? Your body is hot',
  ],
  none: [
    'I paid the deposit at the leasing office yesterday',
    'Venmo me for the pizza later',
    'I killed that exam today!',
    'My parents are wiring the rent from abroad next week',
    // A second parent paying by wire (N193): with punctuation features the 54 lines no longer held the
    // one hard negative of this kind apart from the scams' "wire the deposit".
    'My mom wired the deposit to the leasing office once we signed the lease',
    "I'm studying abroad in the spring, so I need a sublet",
    'Can we do a video tour of the place on Saturday?',
    'Hey! Are you still looking for a roommate for fall?',
    'Rent is $950 each plus utilities, lease starts in August',
    'I usually go to bed around 11, is that ok with you?',
    'The landlord wants the signed lease before the move-in date',
    'Do you have a cat? I am a bit allergic',
    'Let me know the code for the building wifi when you get a chance',
  ],
};

const TEST: { text: string; category: Category }[] = [
  { text: 'wire the d3posit before viewing, I am out of the country', category: 'rental_scam' },
  { text: 'pay with itunes gift cards and I mail the keys', category: 'rental_scam' },
  { text: 'talk on whats app instead, this app watches the chats', category: 'off_platform' },
  { text: 'Send me the code you got by text to verify your account', category: 'phishing' },
  { text: 'Join my team, passive income and 20% return a week', category: 'investment' },
  { text: 'k y s loser', category: 'harassment' },
  { text: 'go back to your country, no muslims here', category: 'hate' },
  { text: 's e n d n u d e s', category: 'sexual' },
  { text: 'I paid the first month at the leasing office', category: 'none' },
  { text: 'Venmo for the groceries is fine', category: 'none' },
  { text: 'Video tour on Sunday works for me', category: 'none' },
  { text: 'My dad is wiring the deposit to the property manager after we sign', category: 'none' },
];

const data: LabelledText[] = Object.entries(TRAIN).flatMap(([category, texts]) =>
  texts.map((text) => ({ text, category: category as Category })),
);
// A fake matcher: core tests stay pure; the obscenity adapter has its own test.
const profanity: ProfanityMatcher = {
  find: (t) => (/\bidiot\b|\bloser\b/.test(t) ? [{ kind: 'insult', term: 'loser' }] : []),
};
const options = { buckets: 1 << 14, epochs: 15, keep: 4000, folds: 3 };

describe('the abuse classifier (issue 15)', () => {
  const { model } = trainModerationModel(data, profanity, options);
  const classifier = createClassifier(model, profanity);

  it('puts an unseen message of each category in that category', () => {
    for (const t of TEST) expect({ text: t.text, category: classifier.classify(t.text).category }).toEqual(t);
  });

  it('beats the old regular expressions on the same unseen messages', () => {
    const truth = (t: (typeof TEST)[number]) => ({ flag: t.category !== 'none', category: t.category });
    const model = evaluate(TEST.map((t) => ({ truth: truth(t), predicted: classifier.classify(t.text) })));
    const baseline = evaluate(TEST.map((t) => ({ truth: truth(t), predicted: baselineVerdict(t.text) })));
    expect(model.overall.recall).toBeGreaterThan(baseline.overall.recall);
    expect(model.overall.precision).toBeGreaterThanOrEqual(baseline.overall.precision);
  });

  it('names its evidence and a confidence between 0 and 1, and none for harmless text', () => {
    const scam = classifier.classify("I'm out of the country, wire the deposit and I will mail you the keys");
    expect(scam).toMatchObject({ flag: true, category: 'rental_scam' });
    expect(scam.evidence).toContain("i'm out of the country");
    expect(scam.confidence).toBeGreaterThan(0);
    expect(scam.confidence).toBeLessThanOrEqual(1);
    expect(classifier.classify('See you at the open house on Saturday!')).toMatchObject({
      flag: false,
      category: 'none',
      evidence: [],
    });
  });

  it('trains the same model from the same data, and survives the artefact round trip', () => {
    const again = trainModerationModel(data, profanity, options).model;
    const file = toModelFile(model, { messages: data.length });
    expect(toModelFile(again, { messages: data.length })).toEqual(file);
    const reloaded = createClassifier(fromModelFile(JSON.parse(JSON.stringify(file))), profanity);
    for (const t of TEST) expect(reloaded.classify(t.text).category).toBe(classifier.classify(t.text).category);
  });

  it('fits a temperature and reports reliability by confidence bin', () => {
    expect(model.temperature).toBeGreaterThan(0);
    const pairs = TEST.map((t) => ({
      truth: { flag: t.category !== 'none', category: t.category },
      predicted: classifier.classify(t.text),
    }));
    const r = reliability(pairs);
    expect(r.bins.reduce((n, b) => n + b.count, 0)).toBe(TEST.length);
    expect(r.expectedCalibrationError).toBeGreaterThanOrEqual(0);
  });
});

describe('features aimed at someone (issue 15)', () => {
  // What "you" adds beside a word: with a harmless word its own n-grams only; with a word from a
  // category's list, one feature more (the pairing), so "you pathetic" weighs apart from "pathetic".
  const added = (word: string) => {
    const ids = (t: string) => new Set(extractFeatures(t, profanity).ids);
    const them = ids(`we table ${word}`);
    return [...ids(`you table ${word}`)].filter((id) => !them.has(id)).length;
  };

  it('pairs "you" with a category word, and not with a harmless one', () => {
    expect(added('pathetic')).toBe(added('chair') + 1);
  });
});

describe('who does what to whom, and reports of abuse (issue 15, N171)', () => {
  const ids = (t: string) => new Set(extractFeatures(t, profanity).ids);
  const extra = (t: string, than: string) => [...ids(t)].filter((id) => !ids(than).has(id)).length;

  it('reads the words after "I" and around "you" as features of their own', () => {
    // "I" adds its three following words beside the n-grams any one-letter word adds.
    expect(extra('i will wait outside', 'will wait outside')).toBe(
      extra('a will wait outside', 'will wait outside') + 3,
    );
    // The same words around "you" differ before and after it.
    const before = ids('waiting you');
    const after = ids('you waiting');
    expect([...before].filter((id) => !after.has(id)).length).toBeGreaterThan(0);
  });

  it('marks a report or warning about abuse, told in the third person or quoted', () => {
    expect(
      extra('someone asked me to wire the deposit, i blocked them', 'can you wire the deposit today'),
    ).toBeGreaterThan(0);
    const told = ids('a guy said "send pics" and i reported him');
    const plain = ids('send pics');
    expect(told.size).toBeGreaterThan(plain.size);
  });

  it("weighs a two-word reply's words no more than a six-word message's", () => {
    const short = extractFeatures('oh nice', profanity);
    const longer = extractFeatures('oh nice that works for me', profanity);
    expect(Math.max(...short.values)).toBeLessThanOrEqual(Math.max(...longer.values) + 1e-6);
  });
});

describe('punctuation, which the words drop (issue 15, N193)', () => {
  const ids = (t: string) => new Set(extractFeatures(t, profanity).ids);
  const differ = (a: string, b: string) => [...ids(a)].filter((id) => !ids(b).has(id)).length;

  it('tells a question from an order and an exclamation with the same words', () => {
    expect(differ('can you send a pic of the shower?', 'can you send a pic of the shower.')).toBeGreaterThan(0);
    expect(differ('send it!', 'send it.')).toBeGreaterThan(0);
  });

  it('reads a trailing "..." and the number of sentences', () => {
    expect(differ('i know where you are...', 'i know where you are.')).toBeGreaterThan(0);
    expect(differ('come over. tonight.', 'come over tonight.')).toBeGreaterThan(0);
  });
});
