import {
  ACCOUNT_MESSAGES,
  emailErrors,
  isPendingAgreement,
  passwordErrors,
  resetRequestErrors,
  signUpErrors,
} from './rules';

describe('e-mail rules (000 §5, 001 §5, D8)', () => {
  it.each([
    ['sam@ucla.edu', []],
    ['Sam@Stanford.EDU', []],
    ['  sam@ucla.edu  ', []],
    ['sam@gmail.com', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['sam@edu.com', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['not-an-address', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['', [ACCOUNT_MESSAGES.emailRequired]],
    [`${'a'.repeat(250)}@x.edu`, [ACCOUNT_MESSAGES.emailTooLong]],
    // The .edu rule reads the domain of a valid address, not the end of the string (issue 14).
    ['x@evil.com?x=.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@evil.com#.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@evil.com/.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@evil.com .edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@evil.com@ucla.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@ucla..edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@-ucla.edu', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@ucla.edu.evil.com', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['x@ucla.education', [ACCOUNT_MESSAGES.emailNotEdu]],
    ['first.last+rooms@cs.ucla.edu', []],
    ["o'brien@mit.edu", []],
  ])('sign-up: %s', (email, expected) => {
    expect(emailErrors(email, { requireEdu: true })).toEqual(expected);
  });

  it('outside sign-up any simple address passes and a malformed one gets the generic message', () => {
    expect(emailErrors('sam@gmail.com', { requireEdu: false })).toEqual([]);
    expect(emailErrors('sam at ucla', { requireEdu: false })).toEqual([ACCOUNT_MESSAGES.emailInvalid]);
  });

  it('reset asks for the address when empty', () => {
    expect(resetRequestErrors({ email: '   ' })).toEqual([
      { path: 'email', message: 'Please enter your email address' },
    ]);
  });
});

describe('password policy (D7: the stronger rule of 001 §5)', () => {
  it('accepts a strong password', () => {
    expect(passwordErrors('Sunny-Dorm-42')).toEqual([]);
  });

  it('lists every failure in the order of the spec', () => {
    expect(passwordErrors('abc')).toEqual([
      ACCOUNT_MESSAGES.passwordTooShort,
      ACCOUNT_MESSAGES.passwordUpper,
      ACCOUNT_MESSAGES.passwordNumber,
      ACCOUNT_MESSAGES.passwordSpecial,
    ]);
  });

  it.each(['Password1!x', 'Aaa-bbb-111x', 'Abc!123456x', 'Qwerty-99!x'])('flags weak pattern in %s', (pw) => {
    expect(passwordErrors(pw)).toContain(ACCOUNT_MESSAGES.passwordWeak);
  });

  it('never uses the 6-character message of 000 §5', () => {
    expect(passwordErrors('Ab1!x').join(' ')).not.toContain('6 characters');
  });

  it('sign-up reports both fields', () => {
    expect(signUpErrors({ email: 'x@gmail.com', password: '' }).map((e) => e.path)).toEqual(['email', 'password']);
  });
});

describe('pending agreement structure (000 §5)', () => {
  const valid = {
    tos_accepted: true,
    privacy_accepted: true,
    marketing_accepted: false,
    accepted_at: null,
    user_agent: 'UA',
  };
  it('accepts three booleans and string-or-null fields', () => {
    expect(isPendingAgreement(valid)).toBe(true);
    expect(isPendingAgreement({ ...valid, accepted_at: '2026-01-01T00:00:00Z', user_agent: null })).toBe(true);
  });
  it.each([
    null,
    'x',
    { ...valid, tos_accepted: 'true' },
    { ...valid, accepted_at: 5 },
    { ...valid, marketing_accepted: undefined },
  ])('rejects %j', (value) => {
    expect(isPendingAgreement(value)).toBe(false);
  });
});
