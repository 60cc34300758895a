import { useId, useMemo } from 'react';
import { DEALBREAKER_LABELS, DEALBREAKER_RULES } from '../../../../../core/matching/dealbreakers';
import {
  COSIGNER_OPTIONS,
  DEALBREAKERS_MAX,
  FINANCIAL_STATUSES,
  GENDER_PREFERENCES,
  HOUSING_STATUSES,
  moveInChoices,
  NEIGHBORHOOD_MAX,
  NEIGHBORHOODS_MAX,
  SLIDER,
  SLIDER_LABELS,
  SMOKING_TOLERANCES,
} from '../../../../../core/profiles/rules';
import { CheckboxField } from '../../../components/ui/checkbox';
import { CheckIcon } from '../../../components/ui/icons';
import { FieldError, TextField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { LevelSlider } from '../../../components/ui/slider';
import { TextareaField } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import {
  COSIGNER_LABELS,
  FINANCIAL_LABELS,
  HOUSING_LABELS,
  moveInLabel,
  SMOKING_LABELS,
} from '../../../lib/profile-labels';
import { ChipInput } from './chip-input';
import { type PreferencesDraft, toggleGenderPreference } from './profile-draft';

type PreferencesFieldsProps = {
  value: PreferencesDraft;
  onChange: (patch: Partial<PreferencesDraft>) => void;
  /** The wizard requires all five choices (000 §5); the editor may leave them unset (001 §5). */
  requireAll: boolean;
  errors?: Record<string, string>;
};

const SLIDERS = [
  { key: 'cleanliness', label: 'Cleanliness' },
  { key: 'noiseLevel', label: 'Social level' },
  { key: 'sleepSchedule', label: 'Sleep schedule' },
  { key: 'studyHabits', label: 'Study habits' },
] as const;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

export function SliderFields({ value, onChange }: Pick<PreferencesFieldsProps, 'value' | 'onChange'>) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 sm:gap-x-8">
      {SLIDERS.map(({ key, label }) => (
        <LevelSlider
          key={key}
          label={label}
          min={SLIDER.min}
          max={SLIDER.max}
          value={value[key]}
          levelLabels={SLIDER_LABELS[key]}
          onChange={(v) => onChange({ [key]: v })}
        />
      ))}
    </div>
  );
}

/** The five required choices (000 §5): smoking, housing, finances, cosigner, move-in. */
export function RequiredChoiceFields({ value, onChange, requireAll, errors = {} }: PreferencesFieldsProps) {
  const moveIn = useMemo(() => {
    const choices = moveInChoices(new Date());
    // A saved term that has since passed stays selectable in the editor.
    if (value.moveIn && !choices.includes(value.moveIn)) choices.unshift(value.moveIn);
    return choices.map((c) => ({ value: c, label: moveInLabel(c) }));
  }, [value.moveIn]);
  const placeholder = requireAll ? 'Select…' : 'Not set';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Smoking"
        required={requireAll}
        placeholder={placeholder}
        value={value.smokingTolerance}
        onChange={(v) => onChange({ smokingTolerance: v })}
        options={options(SMOKING_TOLERANCES, SMOKING_LABELS)}
        error={errors['preferences.smokingTolerance']}
      />
      <SelectField
        label="Housing status"
        required={requireAll}
        placeholder={placeholder}
        value={value.housingStatus}
        onChange={(v) => onChange({ housingStatus: v })}
        options={options(HOUSING_STATUSES, HOUSING_LABELS)}
        error={errors['preferences.housingStatus']}
      />
      <SelectField
        label="How you pay rent"
        required={requireAll}
        placeholder={placeholder}
        value={value.financialStatus}
        onChange={(v) => onChange({ financialStatus: v })}
        options={options(FINANCIAL_STATUSES, FINANCIAL_LABELS)}
        error={errors['preferences.financialStatus']}
      />
      <SelectField
        label="Need a cosigner?"
        required={requireAll}
        placeholder={placeholder}
        value={value.needsCosigner}
        onChange={(v) => onChange({ needsCosigner: v })}
        options={options(COSIGNER_OPTIONS, COSIGNER_LABELS)}
        error={errors['preferences.needsCosigner']}
      />
      <SelectField
        label="Move-in"
        required={requireAll}
        placeholder={placeholder}
        value={value.moveIn}
        onChange={(v) => onChange({ moveIn: v })}
        options={moveIn}
        error={errors['preferences.moveIn']}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** Budget, neighbourhoods, gender preference and dealbreakers (all optional). */
export function OptionalPreferenceFields({ value, onChange, errors = {} }: Omit<PreferencesFieldsProps, 'requireAll'>) {
  const genderId = useId();
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink-800">Monthly budget (USD)</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Minimum"
            type="number"
            inputMode="numeric"
            min={0}
            step={50}
            placeholder="e.g. 700"
            value={value.minBudget}
            onChange={(e) => onChange({ minBudget: e.target.value })}
            error={errors['preferences.minBudget']}
          />
          <TextField
            label="Maximum"
            type="number"
            inputMode="numeric"
            min={0}
            step={50}
            placeholder="e.g. 1200"
            value={value.maxBudget}
            onChange={(e) => onChange({ maxBudget: e.target.value })}
            error={errors['preferences.maxBudget']}
          />
        </div>
      </fieldset>

      <ChipInput
        label="Preferred neighborhoods"
        placeholder="e.g. Westwood"
        values={value.preferredNeighborhoods}
        onChange={(v) => onChange({ preferredNeighborhoods: v })}
        maxItems={NEIGHBORHOODS_MAX}
        maxLength={NEIGHBORHOOD_MAX}
        hint="Press Enter or Add after each one. Click a neighborhood to remove it."
      />

      <fieldset aria-describedby={`${genderId}-hint`}>
        <legend className="text-sm font-semibold text-ink-800">Roommate gender preference</legend>
        <p id={`${genderId}-hint`} className="mt-1 mb-3 text-sm text-ink-600">
          Choose any that apply. "Open to all" can't be combined with others.
        </p>
        <div className="flex flex-wrap gap-2">
          {GENDER_PREFERENCES.map((g) => {
            const on = value.genderPreference.includes(g);
            return (
              <button
                key={g}
                type="button"
                aria-pressed={on}
                onClick={() => onChange({ genderPreference: toggleGenderPreference(value.genderPreference, g) })}
                className={cn(
                  'inline-flex h-11 items-center gap-1.5 rounded-pill px-4 text-sm font-semibold ring-1 transition-colors',
                  on
                    ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                    : 'bg-white text-ink-800 ring-ink-300 hover:bg-brand-50 hover:ring-brand-300',
                )}
              >
                {on && <CheckIcon className="size-4" />}
                {g}
              </button>
            );
          })}
        </div>
        <FieldError>{errors['preferences.genderPreference']}</FieldError>
      </fieldset>

      <fieldset aria-describedby={`${genderId}-rules-hint`}>
        <legend className="text-sm font-semibold text-ink-800">Hard dealbreakers</legend>
        <p id={`${genderId}-rules-hint`} className="mt-1 mb-3 text-sm text-ink-600">
          Students who break one of yours, or whose own you break, don't appear in your deck, and you don't appear in
          theirs. Students who can see your profile see your dealbreakers in the comparison.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {DEALBREAKER_RULES.map((rule) => (
            <CheckboxField
              key={rule}
              label={DEALBREAKER_LABELS[rule].label}
              description={DEALBREAKER_LABELS[rule].hint}
              checked={value.dealbreakerRules.includes(rule)}
              onCheckedChange={(on) =>
                onChange({
                  dealbreakerRules: on
                    ? [...value.dealbreakerRules.filter((r) => r !== rule), rule]
                    : value.dealbreakerRules.filter((r) => r !== rule),
                })
              }
              className="rounded-2xl bg-ink-50 p-3"
            />
          ))}
        </div>
        <FieldError>{errors['preferences.dealbreakerRules']}</FieldError>
      </fieldset>

      <TextareaField
        label="Dealbreakers"
        hint="Separate them with commas, e.g. smoking indoors, loud music after midnight."
        rows={2}
        max={DEALBREAKERS_MAX}
        value={value.dealbreakers}
        onChange={(e) => onChange({ dealbreakers: e.target.value })}
        error={errors['preferences.dealbreakers']}
      />
    </div>
  );
}
