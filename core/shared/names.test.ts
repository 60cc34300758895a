import { cleanName } from './names';

describe('cleanName (issue 14)', () => {
  it.each([
    ['bidi override', 'Ann\u202Egnp.exe', 'Anngnp.exe'],
    ['every bidi embedding and override', '\u202AA\u202BB\u202CC\u202DD\u202EE', 'ABCDE'],
    ['bidi isolates and the Arabic letter mark', '\u2066Sam\u2067\u2068\u2069\u061C', 'Sam'],
    ['zero-width space, joiners and marks', 'ad\u200Bm\u200Ci\u200Dn\u200E\u200F', 'admin'],
    ['word joiner, BOM and Mongolian vowel separator', '\uFEFFMo\u2060ng\u180Eol', 'Mongol'],
    ['invisible fillers and soft hyphen', '\u3164Jo\u00ADrdan\u115F', 'Jordan'],
    ['control characters and line breaks', 'Jo\u0000rdan\nLee\u2028Kim', 'Jordan Lee Kim'],
    ['spaces runs and ends', '  Mary   Ann  ', 'Mary Ann'],
  ])('removes %s', (_, raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });

  it.each(['José Núñez', 'Zoë', '李小龍', 'محمد', 'O’Brien-Smith'])('keeps a real name: %s', (name) => {
    expect(cleanName(name)).toBe(name.normalize('NFC'));
  });

  it('leaves nothing of a name made only of invisible characters', () => {
    expect(cleanName('\u200B\u202E\uFEFF')).toBe('');
  });
});
