import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'warning' | 'accent' | 'danger' | 'success';

// Dark text on a pale fill: every pair is above 4.5:1 (WCAG 1.4.3).
const tones: Record<BadgeTone, string> = {
  neutral: 'bg-ink-100 text-ink-700 ring-ink-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  warning: 'bg-gold-50 text-gold-800 ring-gold-200',
  accent: 'bg-accent-50 text-accent-800 ring-accent-200',
  danger: 'bg-danger-50 text-danger-700 ring-danger-200',
  success: 'bg-success-50 text-success-700 ring-success-700/25',
};

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-pill px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** "fake_profile" → "Fake profile". */
export const humanize = (value: string) => {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const severityTone = (severity: string): BadgeTone =>
  severity === 'critical' ? 'danger' : severity === 'high' ? 'accent' : severity === 'medium' ? 'warning' : 'neutral';

export const statusTone = (status: string): BadgeTone =>
  status === 'pending'
    ? 'warning'
    : status === 'investigating'
      ? 'brand'
      : status === 'resolved' || status === 'approved' || status === 'active'
        ? 'success'
        : status === 'removed' || status === 'suspended'
          ? 'danger'
          : 'neutral';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => `${dateTimeFormat.format(new Date(iso))} UTC`;
