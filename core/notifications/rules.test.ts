import type { StoredNotification } from './model';
import { decodeCursor, encodeCursor, inQuietHours, localMinutes, present } from './rules';

const base: StoredNotification = {
  id: 'n1',
  userId: 'me',
  kind: 'like',
  actorId: 'ana-id',
  subjectId: null,
  messageId: null,
  detail: null,
  count: 1,
  readAt: null,
  createdAt: new Date('2026-09-01T12:00:00Z'),
  actorName: 'Ana',
};

describe('notification rules (issue 19)', () => {
  it('never names a liker to a free student (D15), and does to Gold', () => {
    const free = present(base, false);
    expect(free).toMatchObject({ title: 'Someone liked you', actor: null });
    expect(JSON.stringify(free)).not.toMatch(/Ana|ana-id/);
    expect(present(base, true)).toMatchObject({ title: 'Ana liked you', actor: { id: 'ana-id', name: 'Ana' } });
  });

  it('says who wrote, never what', () => {
    const message = { ...base, kind: 'message' as const, subjectId: 'c/1', count: 3 };
    expect(present(message, false)).toMatchObject({
      title: 'New message from Ana',
      body: '3 new messages',
      link: '/?tab=matches&conversation=c%2F1',
    });
  });

  it('reads quiet hours in the student’s zone, across midnight, with an exclusive end', () => {
    const prefs = { quietStart: 23 * 60, quietEnd: 8 * 60, timeZone: 'America/New_York' };
    // EDT is UTC-4 in September.
    expect(localMinutes(new Date('2026-09-01T03:30:00Z'), prefs.timeZone)).toBe(23 * 60 + 30);
    expect(inQuietHours(prefs, new Date('2026-09-01T03:30:00Z'))).toBe(true);
    expect(inQuietHours(prefs, new Date('2026-09-01T11:59:00Z'))).toBe(true);
    expect(inQuietHours(prefs, new Date('2026-09-01T12:00:00Z'))).toBe(false);
    expect(inQuietHours(prefs, new Date('2026-09-01T02:59:00Z'))).toBe(false);
    expect(inQuietHours({ ...prefs, quietStart: 13 * 60, quietEnd: 14 * 60 }, new Date('2026-09-01T17:10:00Z'))).toBe(
      true,
    );
    expect(inQuietHours({ ...prefs, quietEnd: prefs.quietStart }, new Date('2026-09-01T03:30:00Z'))).toBe(false);
  });

  it('round-trips cursors and refuses others', () => {
    const cursor = encodeCursor({ createdAt: base.createdAt, id: 'abc-1' });
    expect(decodeCursor(cursor)).toEqual({ at: base.createdAt.getTime(), id: 'abc-1' });
    for (const bad of ['', 'x_y', '1_', '_a', `1_${'a'.repeat(101)}`]) expect(decodeCursor(bad)).toBeNull();
  });
});
