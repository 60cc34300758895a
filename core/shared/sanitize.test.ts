import { cleanText, INPUT_MESSAGES, MESSAGE_MAX, sanitizeText, textErrors } from './sanitize';

describe('sanitizeText (001 §5)', () => {
  it.each([
    ['<script>alert(1)</script>hello', 'hello'],
    ['<SCRIPT src=x></SCRIPT>hi', 'hi'],
    ['<scr<script>x</script>ipt>alert(1)</script>', 'alert(1)'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<img src=x onerror="steal()">', ''],
    ['<svg/onload=alert(1)>hi', 'hi'],
    ['<img/src/onerror=alert(1)>', ''],
    ['<<b>script>alert(1)<</b>/script>', ''],
    ['<b>bold</b> and <i>italic</i>', 'bold and italic'],
    ['go to javascript:alert(1) or JAVA script:x', 'go to alert(1) or x'],
    ['before<!-- secret -->after', 'beforeafter'],
    ['<iframe src="https://evil"></iframe>ok', 'ok'],
    ['<object data=x></object><embed src=y>ok', 'ok'],
    ['see data:text/html;base64,PHNjcmlwdD4= now', 'see  now'],
    ['pic data:image/png;base64,iVBORw0KGgo= kept', 'pic data:image/png;base64,iVBORw0KGgo= kept'],
    ['  plain text stays  ', 'plain text stays'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it.each([
    "I'm <3 this & 5 > 3",
    'a < b and b > c, 2<3',
    'Rent is $900 <= my budget & utilities >= $50',
    'Emoji 😀 and accents: café, naïve',
  ])('keeps ordinary text as it is: %s', (text) => {
    expect(sanitizeText(text)).toBe(text);
  });

  it('caps at 10,000 characters', () => {
    expect(sanitizeText('a'.repeat(MESSAGE_MAX + 50))).toHaveLength(MESSAGE_MAX);
  });
});

describe('generic input rules (001 §5)', () => {
  it('gives the spec messages in order', () => {
    expect(textErrors('   ', { required: true })).toEqual([INPUT_MESSAGES.required]);
    expect(textErrors('x'.repeat(1001))).toEqual(['Text is too long (maximum 1000 characters)']);
    expect(textErrors('<script>')).toEqual(['Input contains potentially unsafe content']);
    expect(textErrors('go to vbscript:run')).toEqual([INPUT_MESSAGES.unsafe]);
    expect(textErrors('<body onload=x>')).toEqual([INPUT_MESSAGES.unsafe]);
    expect(textErrors('')).toEqual([]);
  });

  it('cleanText trims and sanitises accepted text', () => {
    expect(cleanText('  hi <!-- x --> there ')).toEqual({ ok: true, value: 'hi  there' });
    expect(cleanText('<!-- only a comment -->', { required: true })).toEqual({
      ok: false,
      message: 'Invalid input detected',
    });
  });
});
