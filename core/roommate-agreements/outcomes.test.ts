import { describe, expect, it } from 'vitest';
import { DAY } from '../shared/clock';
import type { Agreement } from './model';
import { checkOutcome, firstAcceptedAt, openCheckIn } from './outcomes';

const T0 = new Date('2026-09-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe('the outcome check-ins (N148)', () => {
  it('opens at 30 and 90 days, once each; an unanswered 30-day one gives way to the 90-day one', () => {
    expect(openCheckIn(null, at(100), [])).toBeNull();
    expect(openCheckIn(T0, at(29.9), [])).toBeNull();
    expect(openCheckIn(T0, at(30), [])).toBe(30);
    expect(openCheckIn(T0, at(45), [30])).toBeNull();
    expect(openCheckIn(T0, at(90), [30])).toBe(90);
    expect(openCheckIn(T0, at(120), [])).toBe(90);
    expect(openCheckIn(T0, at(400), [30, 90])).toBeNull();
  });

  it('dates the loop from the first version everyone accepted, not a later one', () => {
    const agreement = {
      versions: [
        { version: 1, parties: ['a', 'b'], acceptances: [{ userId: 'a', acceptedAt: at(1) }] },
        {
          version: 2,
          parties: ['a', 'b'],
          acceptances: [
            { userId: 'a', acceptedAt: at(2) },
            { userId: 'b', acceptedAt: at(3) },
          ],
        },
        {
          version: 3,
          parties: ['a', 'b'],
          acceptances: [
            { userId: 'b', acceptedAt: at(40) },
            { userId: 'a', acceptedAt: at(41) },
          ],
        },
      ],
    } as unknown as Agreement;
    expect(firstAcceptedAt(agreement)).toEqual(at(3));
    expect(firstAcceptedAt({ versions: [agreement.versions[0]] } as unknown as Agreement)).toBeNull();
  });

  it('takes a whole rating from 1 to 5 and cleans the texts', () => {
    const base = { checkpointDays: 30 as const, whatWorks: '', whatDoesnt: '', didNotMoveIn: false };
    expect(checkOutcome({ ...base, rating: 0 }).ok).toBe(false);
    expect(checkOutcome({ ...base, rating: 4.5 }).ok).toBe(false);
    const r = checkOutcome({ ...base, rating: 5, whatWorks: ' The <b>rota</b> ' });
    expect(r.ok && r.value.whatWorks).toBe('The rota');
  });
});
