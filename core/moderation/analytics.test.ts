import { describe, expect, it } from 'vitest';
import { autoFlagPrecision, dailySeries } from './admin';
import { severityLevel, severityRank } from './severity';

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

describe('the auto-flag precision admins observed (issue 15)', () => {
  const since = new Date('2026-09-01T00:00:00Z');
  const until = new Date('2026-09-15T10:00:00Z');

  it('buckets reviews into 7-day weeks from since, per category worst first, with the legacy reasons folded in', () => {
    const p = autoFlagPrecision(since, until, [
      { day: '2026-09-01', reason: 'rental_scam', upheld: 3, dismissed: 1 },
      { day: '2026-09-07', reason: 'rental_scam', upheld: 1, dismissed: 0 },
      { day: '2026-09-08', reason: 'harassment', upheld: 1, dismissed: 1 },
      { day: '2026-09-15', reason: 'explicit', upheld: 2, dismissed: 0 },
      { day: '2026-08-31', reason: 'hate', upheld: 5, dismissed: 0 },
    ]);
    expect(p.weeks).toEqual(['2026-09-01', '2026-09-08', '2026-09-15']);
    expect(p.categories.map((c) => c.category)).toEqual([
      'hate',
      'sexual',
      'harassment',
      'phishing',
      'rental_scam',
      'investment',
      'off_platform',
    ]);
    const of = (category: string) => p.categories.find((c) => c.category === category);
    expect(of('rental_scam')?.total).toEqual({ upheld: 4, dismissed: 1, precision: 0.8 });
    expect(of('rental_scam')?.weeks.map((w) => w.precision)).toEqual([0.8, null, null]);
    expect(of('sexual')?.weeks[2]).toEqual({ upheld: 2, dismissed: 0, precision: 1 });
    // A review before the window is not counted.
    expect(of('hate')?.total).toEqual({ upheld: 0, dismissed: 0, precision: null });
    expect(p.overall.total).toEqual({ upheld: 7, dismissed: 2, precision: 0.778 });
    expect(p.overall.weeks.map((w) => [w.upheld, w.dismissed])).toEqual([
      [4, 1],
      [1, 1],
      [2, 0],
    ]);
  });

  it('keeps a reason outside the categories as its own row', () => {
    const p = autoFlagPrecision(since, until, [{ day: '2026-09-02', reason: 'spam', upheld: 0, dismissed: 2 }]);
    expect(p.categories.at(-1)).toMatchObject({ category: 'spam', total: { upheld: 0, dismissed: 2, precision: 0 } });
  });
});

describe('severity (issue 15)', () => {
  it('ranks hate worst and off-platform pressure least, old reasons as the category they became', () => {
    const reasons = ['off_platform', 'spam', 'phishing', 'hate', 'explicit', 'rental_scam', 'off_platform_payment'];
    expect([...reasons].sort((a, b) => severityRank(b) - severityRank(a))).toEqual([
      'hate',
      'explicit',
      'phishing',
      'rental_scam',
      'off_platform',
      'off_platform_payment',
      'spam',
    ]);
    expect(['harassment', 'phishing', 'rental_scam', 'investment', 'off_platform', 'spam'].map(severityLevel)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });
});
