import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimeouts } from './coalesced-timeouts';

describe('coalescedTimeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const platform = () => {
    const calls = { set: 0, clear: 0 };
    const provider = coalescedTimeouts({
      setTimeout: (callback, delay) => {
        calls.set += 1;
        return setTimeout(callback, delay);
      },
      clearTimeout: (handle) => {
        calls.clear += 1;
        clearTimeout(handle);
      },
      now: () => Date.now(),
    });
    return { provider, calls };
  };

  it('runs each timeout when it is due, in the order they are due, on one platform timer', () => {
    const { provider, calls } = platform();
    const ran: string[] = [];
    provider.setTimeout(() => ran.push('30s'), 30_000);
    provider.setTimeout(() => ran.push('60s'), 60_000);
    provider.setTimeout(() => ran.push('5min'), 300_000);
    provider.setTimeout(() => ran.push('30s later'), 30_000);
    expect(calls.set).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['30s', '30s later']);
    vi.advanceTimersByTime(30_000);
    expect(ran).toEqual(['30s', '30s later', '60s']);
    vi.advanceTimersByTime(240_000);
    expect(ran).toEqual(['30s', '30s later', '60s', '5min']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes sooner for a timeout due before the one it waits for', () => {
    const { provider, calls } = platform();
    const ran: string[] = [];
    provider.setTimeout(() => ran.push('late'), 300_000);
    provider.setTimeout(() => ran.push('soon'), 1_000);
    expect(calls).toEqual({ set: 2, clear: 1 });
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['soon']);
    vi.advanceTimersByTime(299_000);
    expect(ran).toEqual(['soon', 'late']);
  });

  it('never runs a cleared timeout, and clearing costs no platform call', () => {
    const { provider, calls } = platform();
    const ran: string[] = [];
    const gc = provider.setTimeout(() => ran.push('gc'), 300_000);
    provider.setTimeout(() => ran.push('stale'), 30_000);
    const before = { ...calls };
    provider.clearTimeout(gc);
    provider.clearTimeout(undefined);
    expect(calls).toEqual(before);
    vi.advanceTimersByTime(400_000);
    expect(ran).toEqual(['stale']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a timeout set by a callback in a later task, not in the same one', () => {
    const { provider } = platform();
    const ran: string[] = [];
    provider.setTimeout(() => {
      ran.push('first');
      provider.setTimeout(() => ran.push('second'), 0);
    }, 10);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['first', 'second']);
  });

  it('runs the other timeouts due when one throws, and throws its error in a task of its own', () => {
    const { provider } = platform();
    const ran: string[] = [];
    provider.setTimeout(() => {
      throw new Error('broken');
    }, 10);
    provider.setTimeout(() => ran.push('after'), 10);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['after']);
    expect(() => vi.advanceTimersToNextTimer()).toThrow('broken');
  });

  it('treats a negative delay as none', () => {
    const { provider } = platform();
    const ran: string[] = [];
    provider.setTimeout(() => ran.push('now'), -5);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['now']);
  });
});
