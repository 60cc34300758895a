import { type ReactNode, useId, useState } from 'react';
import { ENTITLEMENTS, type Plan, RADIUS_MIN, RADIUS_STEP } from '../../../../../core/billing/entitlements';
import { money } from '../../../../../core/matching/compatibility';
import { type AdvancedFilters, activeFilterCount, FILTER_MESSAGES } from '../../../../../core/matching/filters';
import { SLIDER, SLIDER_LABELS } from '../../../../../core/profiles/rules';
import { Button, LinkButton } from '../../../components/ui/button';
import { Checkbox, CheckboxField } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CrownIcon, LockIcon } from '../../../components/ui/icons';
import { Input, Label } from '../../../components/ui/input';
import { RangeSlider } from '../../../components/ui/range-slider';
import { SelectField } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { type DeckFilters, EMPTY_FILTERS, toDeckRequest } from '../api/deck-filters';
import { type ReferenceKind, useReference } from '../api/get-reference';

// 000 §5 filter values.
export const HOUSING_FILTERS = [
  { value: 'looking_for_roommate', label: 'Looking for a roommate' },
  { value: 'have_housing_need_roommate', label: 'Have housing, need a roommate' },
  { value: 'flexible', label: 'Flexible' },
  { value: 'need_housing_and_roommate', label: 'Need housing and a roommate' },
] as const;
export const GRADUATION_YEARS = Array.from({ length: 10 }, (_, i) => 2024 + i);
export const BUDGET_OPTIONS = Array.from({ length: 30 }, (_, i) => (i + 1) * 100);
const GENDER_FILTERS = ['Male', 'Female', 'Non-binary'] as const;
// The spec names a noise filter but gives it no words; these follow the social-level scale.
const NOISE_LABELS = ['Very quiet', 'Quiet', 'Moderate', 'Lively', 'Loud'] as const;

type RangeKey = 'cleanliness' | 'sleepSchedule' | 'studyHabits' | 'socialLevel' | 'noiseLevel' | 'guestPolicy';
const RANGES: Array<{ key: RangeKey; label: string; words: readonly string[] }> = [
  { key: 'cleanliness', label: 'Cleanliness', words: SLIDER_LABELS.cleanliness },
  { key: 'sleepSchedule', label: 'Sleep schedule', words: SLIDER_LABELS.sleepSchedule },
  { key: 'studyHabits', label: 'Study habits', words: SLIDER_LABELS.studyHabits },
  { key: 'socialLevel', label: 'Social level', words: SLIDER_LABELS.noiseLevel },
  { key: 'noiseLevel', label: 'Noise level', words: NOISE_LABELS },
  { key: 'guestPolicy', label: 'Guest policy', words: SLIDER_LABELS.guestPolicy },
];

const numOrNull = (v: string) => (v === '' ? null : Number(v));

type FiltersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: Plan;
  applied: DeckFilters;
  onApply: (next: DeckFilters) => void;
  onClear: () => void;
};

/**
 * The Advanced Filters dialog (000 §2, §4, §6): radius and the three toggles for everyone; the
 * advanced filters for Gold, shown disabled with locks and an upgrade prompt to free users.
 * Clear resets everything and applies an empty set; Apply Filters applies the draft.
 */
export function FiltersDialog({ open, onOpenChange, plan, applied, onApply, onClear }: FiltersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <FiltersForm
          plan={plan}
          applied={applied}
          onApply={(next) => {
            onApply(next);
            onOpenChange(false);
          }}
          onClear={onClear}
        />
      )}
    </Dialog>
  );
}

function FiltersForm({
  plan,
  applied,
  onApply,
  onClear,
}: Pick<FiltersDialogProps, 'plan' | 'applied' | 'onApply' | 'onClear'>) {
  const [draft, setDraft] = useState<DeckFilters>(applied);
  const gold = ENTITLEMENTS[plan].advancedFilters;
  const maxRadius = ENTITLEMENTS[plan].maxRadius;
  const radius = Math.min(draft.searchRadius ?? ENTITLEMENTS[plan].defaultRadius, maxRadius);
  const count = activeFilterCount(toDeckRequest(draft, plan), plan);
  const f = draft.filters;
  const setFilter = (patch: Partial<AdvancedFilters>) =>
    setDraft((d) => ({ ...d, filters: { ...d.filters, ...patch } }));
  const lock = gold ? null : <LockIcon className="size-4 text-ink-600" aria-hidden="true" />;

  return (
    <DialogContent
      title={
        <span className="flex items-center gap-2">
          Advanced Filters
          <span
            className={cn(
              'inline-flex h-6 min-w-6 items-center justify-center rounded-pill px-2 text-xs font-bold',
              count > 0 ? 'bg-brand-700 text-white' : 'bg-ink-100 text-ink-700',
            )}
          >
            {count}
            <span className="sr-only"> active</span>
          </span>
        </span>
      }
      description="Choose who shows up in your deck."
      className="pb-0 sm:max-w-xl"
    >
      <div className="flex flex-col gap-6 pb-4">
        <section aria-labelledby="filters-area" className="flex flex-col gap-4">
          <h3 id="filters-area" className="text-base font-bold text-ink-900">
            Search area
          </h3>
          <RangeSlider
            label="Search radius"
            value={[radius]}
            min={RADIUS_MIN}
            max={maxRadius}
            step={RADIUS_STEP}
            format={(v) => `${v} miles`}
            onChange={([v]) => setDraft((d) => ({ ...d, searchRadius: v ?? null }))}
          />
          {!gold && (
            <p className="-mt-2 text-xs text-ink-600">
              Gold widens your radius to {ENTITLEMENTS.gold.maxRadius} miles.
            </p>
          )}
          <CheckboxField
            label="Include nearby universities"
            checked={draft.includeNearbyUniversities}
            onCheckedChange={(v) => setDraft((d) => ({ ...d, includeNearbyUniversities: v === true }))}
          />
          <CheckboxField
            label="Include metro area"
            checked={draft.includeMetroArea}
            onCheckedChange={(v) => setDraft((d) => ({ ...d, includeMetroArea: v === true }))}
          />
          <CheckboxField
            label="Prioritize same university"
            checked={draft.prioritizeSameUniversity}
            onCheckedChange={(v) => setDraft((d) => ({ ...d, prioritizeSameUniversity: v === true }))}
          />
          <CheckboxField
            label="Verified only"
            description="Only students whose photo a moderator matched to a live selfie. Free for everyone."
            checked={draft.verifiedOnly}
            onCheckedChange={(v) => setDraft((d) => ({ ...d, verifiedOnly: v === true }))}
          />
        </section>

        <fieldset disabled={!gold} className="flex min-w-0 flex-col gap-4 border-t border-ink-200 pt-5">
          <legend className="float-left mb-4 flex w-full items-center gap-2 text-base font-bold text-ink-900">
            Advanced filters
            {gold ? (
              <span className="rounded-pill bg-gold-300 px-2 py-0.5 text-[0.65rem] font-extrabold text-ink-900">
                GOLD
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-pill bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                <LockIcon className="size-3.5" aria-hidden="true" /> Gold only
              </span>
            )}
          </legend>
          {!gold && (
            <div className="clear-both flex flex-col gap-3 rounded-2xl bg-gold-50 p-4 ring-1 ring-gold-300">
              <p className="flex items-center gap-2 font-bold text-ink-900">
                <CrownIcon className="size-5 text-gold-800" /> {FILTER_MESSAGES.premiumTitle}
              </p>
              <p className="text-sm text-ink-700">{FILTER_MESSAGES.premium}</p>
              <LinkButton to={paths.upgrade} variant="gold" size="sm" className="self-start">
                <CrownIcon className="size-4" /> Upgrade to Gold
              </LinkButton>
            </div>
          )}

          <div className="clear-both grid gap-4 sm:grid-cols-2">
            <ReferenceField
              kind="universities"
              label="University"
              lock={lock}
              value={f.university ?? ''}
              disabled={!gold}
              onChange={(v) => setFilter({ university: v || null })}
            />
            <ReferenceField
              kind="majors"
              label="Major"
              lock={lock}
              value={f.major ?? ''}
              disabled={!gold}
              onChange={(v) => setFilter({ major: v || null })}
            />
            <SelectField
              label={<Locked lock={lock}>Graduating from</Locked>}
              value={f.graduationYearMin?.toString() ?? ''}
              placeholder="Any year"
              options={GRADUATION_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(v) => setFilter({ graduationYearMin: numOrNull(v) })}
            />
            <SelectField
              label={<Locked lock={lock}>Graduating by</Locked>}
              value={f.graduationYearMax?.toString() ?? ''}
              placeholder="Any year"
              options={GRADUATION_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(v) => setFilter({ graduationYearMax: numOrNull(v) })}
            />
            <SelectField
              className="sm:col-span-2"
              label={<Locked lock={lock}>Housing status</Locked>}
              value={f.housingStatus ?? ''}
              placeholder="Any"
              options={HOUSING_FILTERS}
              onChange={(v) => setFilter({ housingStatus: v || null })}
            />
            <DateField
              label="Move-in from"
              lock={lock}
              value={f.moveInDateStart ?? ''}
              onChange={(v) => setFilter({ moveInDateStart: v || null })}
            />
            <DateField
              label="Move-in by"
              lock={lock}
              value={f.moveInDateEnd ?? ''}
              onChange={(v) => setFilter({ moveInDateEnd: v || null })}
            />
            <SelectField
              label={<Locked lock={lock}>Budget from</Locked>}
              value={f.minBudget?.toString() ?? ''}
              placeholder="No minimum"
              options={BUDGET_OPTIONS.map((b) => ({ value: String(b), label: money(b) }))}
              onChange={(v) => setFilter({ minBudget: numOrNull(v) })}
            />
            <SelectField
              label={<Locked lock={lock}>Budget up to</Locked>}
              value={f.maxBudget?.toString() ?? ''}
              placeholder="No maximum"
              options={BUDGET_OPTIONS.map((b) => ({ value: String(b), label: money(b) }))}
              onChange={(v) => setFilter({ maxBudget: numOrNull(v) })}
            />
          </div>

          <div className="grid gap-5 sm:grid-cols-2 sm:gap-x-6">
            {RANGES.map((r) => {
              const min = (f[`${r.key}Min`] as number | null | undefined) ?? SLIDER.min;
              const max = (f[`${r.key}Max`] as number | null | undefined) ?? SLIDER.max;
              return (
                <RangeSlider
                  key={r.key}
                  label={r.label}
                  labelAside={lock}
                  value={[min, max]}
                  min={SLIDER.min}
                  max={SLIDER.max}
                  disabled={!gold}
                  thumbNames={[`${r.label} minimum`, `${r.label} maximum`]}
                  format={(v) => r.words[v - SLIDER.min] ?? String(v)}
                  onChange={([lo = SLIDER.min, hi = SLIDER.max]) =>
                    // The full range is no filter at all.
                    setFilter({
                      [`${r.key}Min`]: lo === SLIDER.min && hi === SLIDER.max ? null : lo,
                      [`${r.key}Max`]: lo === SLIDER.min && hi === SLIDER.max ? null : hi,
                    })
                  }
                />
              );
            })}
          </div>

          <div className="flex flex-col gap-2">
            <p className="flex items-center gap-1.5 text-sm font-semibold text-ink-800" id="filters-gender">
              Gender {lock}
            </p>
            <ul aria-labelledby="filters-gender" className="flex flex-wrap gap-x-5 gap-y-3">
              {GENDER_FILTERS.map((g) => {
                const chosen = f.gender ?? [];
                return (
                  <li key={g} className="flex items-center gap-2">
                    <Checkbox
                      id={`filters-gender-${g}`}
                      checked={chosen.includes(g)}
                      onCheckedChange={(v) =>
                        setFilter({ gender: v === true ? [...chosen, g] : chosen.filter((x) => x !== g) })
                      }
                    />
                    <label htmlFor={`filters-gender-${g}`} className="text-[0.95rem] font-medium text-ink-900">
                      {g}
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        </fieldset>
      </div>

      <div className="sticky bottom-0 -mx-6 flex gap-3 border-t border-ink-200 bg-white px-6 py-4">
        <Button
          variant="ghost"
          className="flex-1"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onClear();
          }}
        >
          Clear
        </Button>
        <Button className="flex-[2]" onClick={() => onApply(draft)}>
          Apply Filters
        </Button>
      </div>
    </DialogContent>
  );
}

function Locked({ lock, children }: { lock: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {children}
      {lock}
    </span>
  );
}

function DateField({
  label,
  lock,
  value,
  onChange,
}: {
  label: string;
  lock: ReactNode;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        <Locked lock={lock}>{label}</Locked>
      </Label>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function ReferenceField({
  kind,
  label,
  lock,
  value,
  disabled,
  onChange,
}: {
  kind: ReferenceKind;
  label: string;
  lock: ReactNode;
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const suggestions = useReference(kind, value, !disabled);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        <Locked lock={lock}>{label}</Locked>
      </Label>
      <Input
        id={id}
        list={`${id}-list`}
        value={value}
        placeholder="Any"
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={`${id}-list`}>
        {(suggestions.data ?? []).map((item) => (
          <option key={item} value={item} />
        ))}
      </datalist>
    </div>
  );
}
