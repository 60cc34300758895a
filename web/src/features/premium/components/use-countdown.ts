import { useEffect, useState } from 'react';

/** "mm:ss" left until `end` (ISO), ticking each second; null once it has passed or without an end. */
export function useCountdown(end: string | null | undefined): { text: string; minutes: number } | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!end) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  if (!end) return null;
  const left = Math.max(0, Math.floor((new Date(end).getTime() - now) / 1000));
  if (left === 0) return null;
  const m = Math.floor(left / 60);
  const s = left % 60;
  return { text: `${m}:${String(s).padStart(2, '0')}`, minutes: Math.ceil(left / 60) };
}
