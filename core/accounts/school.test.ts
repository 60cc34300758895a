import { describe, expect, it } from 'vitest';
import { belongsToDomain, domainOf, isSchoolVerified, schoolOfEmail } from './school';

const TABLE = [
  { school: 'University of California, Berkeley', domains: ['berkeley.edu', 'cs.berkeley.edu'] },
  { school: 'University of California, Los Angeles', domains: ['ucla.edu', 'g.ucla.edu'] },
  { school: 'Baruch College', domains: ['baruch.cuny.edu'] },
  { school: 'A System', domains: ['system.edu'] },
  { school: 'A Campus of the System', domains: ['campus.system.edu'] },
];

describe('school from the address (issue 16 §1)', () => {
  it('matches the domain itself, case-insensitively', () => {
    expect(schoolOfEmail('sam@berkeley.edu', TABLE)).toBe('University of California, Berkeley');
    expect(schoolOfEmail('Sam@UCLA.EDU', TABLE)).toBe('University of California, Los Angeles');
  });

  it('matches any subdomain, listed or not', () => {
    expect(schoolOfEmail('sam@eecs.berkeley.edu', TABLE)).toBe('University of California, Berkeley');
    expect(schoolOfEmail('sam@a.b.c.berkeley.edu', TABLE)).toBe('University of California, Berkeley');
    expect(schoolOfEmail('sam@g.ucla.edu', TABLE)).toBe('University of California, Los Angeles');
  });

  it('does not match look-alikes', () => {
    for (const email of [
      'x@notberkeley.edu',
      'x@berkeley.edu.evil.com',
      'x@berkeleyedu',
      'x@berkeley.education',
      'x@xberkeley.edu',
      'x@cuny.edu',
      'x@baruchcuny.edu',
    ]) {
      expect(schoolOfEmail(email, TABLE), email).toBeNull();
    }
  });

  it('gives null for an unknown .edu domain and for no domain', () => {
    expect(schoolOfEmail('x@unknown-college.edu', TABLE)).toBeNull();
    expect(schoolOfEmail('no-at-sign', TABLE)).toBeNull();
    expect(schoolOfEmail('x@', TABLE)).toBeNull();
  });

  it('prefers the most specific domain when two match', () => {
    expect(schoolOfEmail('x@campus.system.edu', TABLE)).toBe('A Campus of the System');
    expect(schoolOfEmail('x@mail.campus.system.edu', TABLE)).toBe('A Campus of the System');
    expect(schoolOfEmail('x@other.system.edu', TABLE)).toBe('A System');
  });

  it('reads the domain after the last @, without a trailing dot', () => {
    expect(domainOf('"a@b"@Berkeley.EDU.')).toBe('berkeley.edu');
    expect(belongsToDomain('cs.berkeley.edu', 'berkeley.edu')).toBe(true);
    expect(belongsToDomain('csberkeley.edu', 'berkeley.edu')).toBe(false);
  });

  it('calls a school verified only when the profile has the derived one', () => {
    expect(isSchoolVerified('Yale University', 'Yale University')).toBe(true);
    expect(isSchoolVerified('Yale University', 'Brown University')).toBe(false);
    expect(isSchoolVerified(null, 'Brown University')).toBe(false);
    expect(isSchoolVerified(null, null)).toBe(false);
  });
});
