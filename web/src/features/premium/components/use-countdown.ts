import { useEffect, useState } from 'react';

/** "mm:ss" left until `end` (ISO), ticking each second; null once it has passed or without an end. */
export function useCountdown(end: string | null | undefined): { text: string; minutes: number } | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!end) return;
    const timer = window.setInterval(() => setTick((t) => t + 1), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  if (!end) return null;
  // Read the clock at render (not a time kept from mount, which would add up to a second) and round
  // up, so a fresh 30-minute boost reads 30:00, not 29:59 or 30:01 (issue 17).
  const left = Math.max(0, Math.ceil((new Date(end).getTime() - Date.now()) / 1000));
  if (left === 0) return null;
  const m = Math.floor(left / 60);
  const s = left % 60;
  return { text: `${m}:${String(s).padStart(2, '0')}`, minutes: Math.ceil(left / 60) };
}
