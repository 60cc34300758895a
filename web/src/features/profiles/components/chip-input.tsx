import { useId, useState } from 'react';
import { normalizeChips } from '../../../../../core/profiles/rules';
import { Button } from '../../../components/ui/button';
import { XIcon } from '../../../components/ui/icons';
import { Input, Label } from '../../../components/ui/input';

type ChipInputProps = {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  maxItems: number;
  maxLength: number;
  hint?: string;
};

/**
 * Free-text chips (000 §5 neighbourhoods, hobbies): added with Add or Enter, trimmed and without
 * duplicates (core's `normalizeChips`), removed by clicking.
 */
export function ChipInput({ label, values, onChange, placeholder, maxItems, maxLength, hint }: ChipInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = values.length >= maxItems;

  const add = () => {
    if (!draft.trim() || full) return;
    onChange(normalizeChips([...values, draft]));
    setDraft('');
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={full}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" className="h-12 shrink-0" onClick={add} disabled={!draft.trim() || full}>
          Add
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      )}
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {values.map((v) => (
            <li key={v}>
              <button
                type="button"
                onClick={() => onChange(values.filter((x) => x !== v))}
                aria-label={`Remove ${v}`}
                className="inline-flex items-center gap-1.5 rounded-pill bg-brand-50 py-1.5 pr-2.5 pl-3.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                {v}
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
