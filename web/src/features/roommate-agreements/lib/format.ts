/**
 * Money and labels for roommate agreements. Amounts travel as integer cents (issue 21); typed dollars
 * are read as text, never through floating point, so "19.99" is exactly 1999 cents.
 */
import type { CleaningFrequency, SplitMethod } from '../../../../../core/roommate-agreements/model';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatCents = (cents: number) => usd.format(cents / 100);

/** "1,234.5" → 123450; null when it is not an amount of dollars with at most two decimals. */
export function parseDollars(raw: string): number | null {
  const text = raw.trim().replace(/[$,\s]/g, '');
  const m = /^(\d{0,7})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m || text === '' || text === '.') return null;
  return Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const dollarsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** "33.33" → 3333 basis points; null when not a percentage with at most two decimals. */
export function parsePercent(raw: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(raw.trim().replace('%', ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
export const percentText = (basisPoints: number) =>
  basisPoints % 100 === 0 ? String(basisPoints / 100) : (basisPoints / 100).toFixed(2);

export const SPLIT_LABELS: Record<SplitMethod, string> = {
  equal: 'Equal',
  room_size: 'By room size',
  custom: 'Custom %',
};

export const FREQUENCY_LABELS: Record<CleaningFrequency, string> = {
  daily: 'Daily',
  twice_weekly: 'Twice a week',
  weekly: 'Weekly',
  every_two_weeks: 'Every two weeks',
  monthly: 'Monthly',
};

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** A YYYY-MM-DD date as written, without a time zone shift. */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
