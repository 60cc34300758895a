import { formatUsd } from '../../../../../core/billing/catalog';
import { CheckIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import type { CatalogPlan } from '../api/get-catalog';

type PlanPickerProps = {
  plans: CatalogPlan[];
  value: CatalogPlan['id'];
  onChange: (id: CatalogPlan['id']) => void;
};

const period = { monthly: 'month', yearly: 'year' } as const;

// The catalogue's note reads "About $7.50 a month · Save 50%": the saving becomes the card's badge.
const splitNote = (note: string) => {
  const parts = note.split('·').map((p) => p.trim());
  const saving = parts.find((p) => /^save\b/i.test(p)) ?? null;
  return { saving, rest: parts.filter((p) => p !== saving).join(' · ') };
};

/**
 * The Gold plans as a radio group (native radios, so arrow keys, focus and announcements work
 * without ARIA): each card shows the catalogue's price and note.
 */
export function PlanPicker({ plans, value, onChange }: PlanPickerProps) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-3 text-heading text-ink-900">Choose your plan</legend>
      {plans.map((plan) => {
        const checked = plan.id === value;
        const { saving, rest } = splitNote(plan.note);
        return (
          <label
            key={plan.id}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1 rounded-card border-2 bg-white p-5 shadow-card transition-colors',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              checked ? 'border-gold-500 bg-gold-50' : 'border-ink-200 hover:border-gold-300',
            )}
          >
            <input
              type="radio"
              name="gold-plan"
              value={plan.id}
              checked={checked}
              onChange={() => onChange(plan.id)}
              className="sr-only"
            />
            <span className="flex items-start justify-between gap-3">
              <span className="font-bold text-ink-900">{plan.name}</span>
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                  checked ? 'border-gold-600 bg-gold-400 text-ink-900' : 'border-ink-300 bg-white',
                )}
              >
                {checked && <CheckIcon className="size-4" strokeWidth={2.5} />}
              </span>
            </span>
            <span className="mt-1 flex items-baseline gap-1">
              <span className="text-[2rem] leading-none font-extrabold tracking-tight text-ink-900 tabular-nums">
                {formatUsd(plan.priceCents)}
              </span>
              <span className="text-sm font-medium text-ink-600">/ {period[plan.id]}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
              {rest}
              {saving && (
                <span className="rounded-pill bg-accent-50 px-2 py-0.5 text-xs font-bold text-accent-700 ring-1 ring-accent-200">
                  {saving}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
