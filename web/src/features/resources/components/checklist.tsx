import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { type ChecklistGroup, checklistIds } from '../content/checklists';
import { checklistProgress, toggleItem } from '../lib/checklist';

/**
 * A printable tick list with a progress bar (001 §2). Ticks live only in this component's state:
 * nothing is stored, so leaving the page clears them.
 */
export function Checklist({ groups, name }: { groups: ChecklistGroup[]; name: string }) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const progress = checklistProgress(checked, checklistIds(groups));
  const labelId = useId();

  return (
    <div className="flex flex-col gap-8">
      <div className="sticky top-16 z-10 -mx-page bg-ink-50/95 px-page py-3 backdrop-blur print:static print:mx-0 print:px-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id={labelId} className="font-semibold text-ink-900">
            {progress.checked} of {progress.total} checked
          </p>
          <div className="flex gap-2 print:hidden">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setChecked(new Set())}
              disabled={progress.checked === 0}
            >
              Reset
            </Button>
            <Button variant="secondary" size="sm" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.checked}
          aria-valuetext={`${progress.checked} of ${progress.total} checked (${progress.percent}%)`}
          className="mt-2 h-2.5 overflow-hidden rounded-pill bg-ink-200 print:hidden"
        >
          <div
            className="h-full rounded-pill bg-brand-600 transition-[width] duration-300"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
      </div>

      {groups.map((group) => {
        const done = group.items.filter((item) => checked.has(item.id)).length;
        return (
          <section
            key={group.id}
            aria-labelledby={`${group.id}-heading`}
            className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-6 print:break-inside-avoid print:border-ink-400 print:p-4 print:shadow-none"
          >
            <div className="flex items-baseline justify-between gap-3">
              <h2 id={`${group.id}-heading`} className="text-heading text-ink-900">
                {group.title}
              </h2>
              <span aria-hidden="true" className="text-sm font-medium text-ink-600 tabular-nums">
                {done}/{group.items.length}
              </span>
            </div>
            <ul className="mt-4 flex flex-col gap-3.5 print:gap-2">
              {group.items.map((item) => (
                <li key={item.id}>
                  <CheckboxField
                    name={`${name}-${item.id}`}
                    label={item.text}
                    checked={checked.has(item.id)}
                    onCheckedChange={() => setChecked((current) => toggleItem(current, item.id))}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
