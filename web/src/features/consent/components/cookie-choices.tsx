import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import type { CookiePreferences } from '../api/cookie-preferences';

const categories = [
  { key: 'analytics', label: 'Analytics', description: 'Helps us understand which features students use.' },
  { key: 'functional', label: 'Functional', description: 'Remembers choices like your filters and display settings.' },
  { key: 'marketing', label: 'Marketing', description: 'Lets us measure our campus campaigns.' },
] as const;

type CookieChoicesProps = {
  choices: CookiePreferences;
  onChange: (choices: CookiePreferences) => void;
  onSave: () => void;
  /** Only when reopened from Settings: closes without a change. */
  onCancel?: (() => void) | undefined;
};

/** The cookie banner's categories, one checkbox each (001 §4), and its save button. */
export function CookieChoices({ choices, onChange, onSave, onCancel }: CookieChoicesProps) {
  return (
    <div className="mt-3 flex flex-col gap-4">
      <CheckboxField
        checked
        disabled
        label="Essential (always on)"
        description="Keeps you signed in and the app secure."
      />
      {categories.map(({ key, label, description }) => (
        <CheckboxField
          key={key}
          checked={choices[key]}
          onCheckedChange={(v) => onChange({ ...choices, [key]: v === true })}
          label={label}
          description={description}
        />
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button onClick={onSave}>Save Preferences</Button>
      </div>
    </div>
  );
}
