import { type DigestCandidate, digestMail, isDue } from './digest';

const at = (h: number) => new Date(Date.UTC(2026, 8, 1, h));

describe('digest rules (issue 19)', () => {
  it('is due after 6 hours away (or a day for daily), once per 24 hours', () => {
    const c: DigestCandidate = {
      userId: 'u',
      email: 'u@ucla.edu',
      digest: '6h',
      lastActiveAt: at(0),
      lastDigestAt: null,
    };
    expect(isDue(c, at(5))).toBe(false);
    expect(isDue(c, at(6))).toBe(true);
    expect(isDue({ ...c, digest: 'daily' }, at(23))).toBe(false);
    expect(isDue({ ...c, lastDigestAt: at(1) }, at(24))).toBe(false);
    expect(isDue({ ...c, lastDigestAt: at(1) }, at(25))).toBe(true);
    expect(isDue({ ...c, lastActiveAt: null }, at(0))).toBe(true);
  });

  it('names who wrote, never what, with RFC 8058 one-click headers and a settings link', () => {
    const mail = digestMail(
      'ben@ucla.edu',
      [
        { kind: 'message', actorName: 'Ana', count: 2 },
        { kind: 'message', actorName: 'Cal', count: 1 },
        { kind: 'match', actorName: 'Dee', count: 1 },
      ],
      'https://nestmate.app',
      'https://nestmate.app/api/notifications/unsubscribe?token=t',
    );
    expect(mail.subject).toBe('You have 3 unread messages on Nestmate');
    expect(mail.text).toContain('- 3 new messages from Ana, Cal');
    expect(mail.text).toContain('- 1 new match: Dee');
    expect(mail.text).toContain('https://nestmate.app/settings');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://nestmate.app/api/notifications/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
