import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('starts a fresh 30-minute boost at 30:00, ticks down and ends at zero (issue 17)', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00.000Z') });
    // The end as the server sends it, a few milliseconds after the response left.
    const end = new Date(Date.now() + 30 * 60_000 - 4).toISOString();
    const { result } = renderHook(() => useCountdown(end));
    expect(result.current).toEqual({ text: '30:00', minutes: 30 });
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current?.text).toBe('28:59');
    act(() => vi.advanceTimersByTime(29 * 60_000));
    expect(result.current).toBeNull();
  });
});
