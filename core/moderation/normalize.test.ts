import { foldConfusables, foldLeetspeak, joinSpacedLetters, normalizeForModeration } from './normalize';

describe('normalisation for moderation (issue 15)', () => {
  it('applies NFKC: fullwidth and styled letters read as plain ones', () => {
    expect(normalizeForModeration('ＷＩＲＥ the ｄｅｐｏｓｉｔ')).toBe('wire the deposit');
    expect(normalizeForModeration('𝐬𝐞𝐧𝐝 𝐦𝐨𝐧𝐞𝐲')).toBe('send money');
  });

  it('strips zero-width, bidi and other format characters', () => {
    expect(normalizeForModeration('ve\u200bn\u200dmo me\u2060 the de\ufeffposit')).toBe('venmo me the deposit');
    expect(normalizeForModeration('k\u202ey\u202cs')).toBe('kys');
  });

  it('removes accents and combining marks', () => {
    expect(normalizeForModeration('dé̶p̶ó̶s̶i̶t̶')).toBe('deposit');
  });

  it('folds Cyrillic and Greek look-alikes into Latin letters', () => {
    expect(foldConfusables('ѕеnd')).toBe('send');
    expect(normalizeForModeration('Сash Аpp')).toBe('cash app');
    expect(normalizeForModeration('bіtcοіn wаllеt')).toBe('bitcoin wallet');
  });

  it('reads leetspeak inside words but leaves amounts, times and ordinals alone', () => {
    expect(foldLeetspeak('d3p0s1t')).toBe('deposit');
    expect(foldLeetspeak('$end m3 th3 c0d3')).toBe('send me the code');
    expect(foldLeetspeak('k1ll ki11 ca11 1diot')).toBe('kill kill call idiot');
    expect(foldLeetspeak('b1tch @ss sh!t')).toBe('bitch ass shit');
    expect(foldLeetspeak('$500 at 10pm on the 2nd, 3br 2ba')).toBe('$500 at 10pm on the 2nd, 3br 2ba');
    expect(foldLeetspeak('great! a | b')).toBe('great! a | b');
    expect(foldLeetspeak('go drink b|e@ch')).toBe('go drink bleach');
  });

  it('joins letters split by spaces, dots, dashes or stars', () => {
    expect(joinSpacedLetters('s e n d the deposit')).toBe('send the deposit');
    expect(joinSpacedLetters('k.y.s')).toBe('kys');
    expect(joinSpacedLetters('d-e-p-o-s-i-t now')).toBe('deposit now');
    expect(joinSpacedLetters('I am a student')).toBe('I am a student');
    expect(normalizeForModeration('s e n d the d3posit')).toBe('send the deposit');
    expect(normalizeForModeration('k y s')).toBe('kys');
    expect(normalizeForModeration('d u m b   b i t c h')).toBe('dumb bitch');
  });

  it('reads a stretched letter as one and collapses whitespace', () => {
    expect(normalizeForModeration('  stupiiiid\n\n  loser ')).toBe('stupid loser');
  });

  it('leaves ordinary roommate talk readable', () => {
    expect(normalizeForModeration("I'm up at 7am, rent is $950 + utilities. Cool?")).toBe(
      "i'm up at 7am, rent is $950 + utilities. cool?",
    );
  });
});
