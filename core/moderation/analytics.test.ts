import { describe, expect, it } from 'vitest';
import { dailySeries } from './admin';

describe('the dashboard series', () => {
  it('has every UTC day from since to until, with zeros where nothing happened', () => {
    const series = dailySeries(new Date('2026-08-30T00:00:00Z'), new Date('2026-09-01T15:30:00Z'), {
      signUps: [{ day: '2026-08-30', n: 2 }],
      matches: [{ day: '2026-09-01', n: 1 }],
      messages: [
        { day: '2026-08-31', n: 5 },
        { day: '2026-09-01', n: 3 },
      ],
    });
    expect(series).toEqual([
      { day: '2026-08-30', signUps: 2, matches: 0, messages: 0 },
      { day: '2026-08-31', signUps: 0, matches: 0, messages: 5 },
      { day: '2026-09-01', signUps: 0, matches: 1, messages: 3 },
    ]);
  });
});
