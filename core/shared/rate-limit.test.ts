import { describe, expect, it } from 'vitest';
import { type RateLimiter, type RateRule, reserveAll } from './rate-limit';

/** A counting limiter in memory: enough to see which units reserveAll keeps and gives back. */
function memoryLimiter(): RateLimiter & { used: Map<string, number> } {
  const used = new Map<string, number>();
  return {
    used,
    async reserve(key: string, rule: RateRule) {
      const n = used.get(key) ?? 0;
      if (n >= rule.limit) return { allowed: false, retryAfterSeconds: 42 };
      used.set(key, n + 1);
      return { allowed: true, release: async () => void used.set(key, (used.get(key) ?? 1) - 1) };
    },
  };
}

const NOW = new Date('2026-09-01T12:00:00.000Z');
const one = { limit: 1, windowMs: 60_000 };
const many = { limit: 10, windowMs: 60_000 };

describe('reserveAll', () => {
  it('takes a unit in every bucket, and release gives every one back', async () => {
    const limiter = memoryLimiter();
    const r = await reserveAll(
      limiter,
      [
        ['a', many],
        ['b', many],
      ],
      NOW,
    );
    expect(r.allowed).toBe(true);
    expect(Object.fromEntries(limiter.used)).toEqual({ a: 1, b: 1 });
    if (r.allowed) await r.release();
    expect(Object.fromEntries(limiter.used)).toEqual({ a: 0, b: 0 });
  });

  it('gives back the units already taken when a later bucket is full, and says when to retry', async () => {
    const limiter = memoryLimiter();
    await limiter.reserve('full', one, NOW);
    const r = await reserveAll(
      limiter,
      [
        ['ip', many],
        ['full', one],
      ],
      NOW,
    );
    expect(r).toEqual({ allowed: false, retryAfterSeconds: 42 });
    expect(limiter.used.get('ip')).toBe(0);
  });
});
