import type { CostKey, CostLine } from '../lib/cost';
import { formatUsd } from '../lib/cost';

/** One color per item from the design tokens, distinguishable side by side. */
export const COST_COLORS: Record<CostKey, string> = {
  rent: 'var(--color-brand-700)',
  utilities: 'var(--color-brand-400)',
  internet: 'var(--color-gold-500)',
  groceries: 'var(--color-accent-500)',
  transportation: 'var(--color-accent-800)',
  laundry: 'var(--color-ink-400)',
  miscellaneous: 'var(--color-ink-700)',
};

const RADIUS = 60;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A donut of the monthly cost shares. Decorative for assistive tech: the table beside it carries
 * the same figures as text (WCAG 1.1.1).
 */
export function CostDonut({ lines, monthly }: { lines: CostLine[]; monthly: number }) {
  let offset = 0;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-56">
      <svg viewBox="0 0 160 160" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="80" cy="80" r={RADIUS} fill="none" stroke="var(--color-ink-100)" strokeWidth="22" />
        {lines.map((line) => {
          const length = (line.amount / monthly) * CIRCUMFERENCE;
          const segment = (
            <circle
              key={line.key}
              data-testid={`segment-${line.key}`}
              cx="80"
              cy="80"
              r={RADIUS}
              fill="none"
              stroke={COST_COLORS[line.key]}
              strokeWidth="22"
              strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
              strokeDashoffset={-offset}
            />
          );
          offset += length;
          return segment;
        })}
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center text-center">
        <span className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Per month</span>
        <span className="text-xl font-extrabold text-ink-900 tabular-nums">{formatUsd(monthly)}</span>
      </div>
    </div>
  );
}
