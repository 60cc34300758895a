import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { suggest } from '../../../../../core/profiles/rules';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { type SuggestionKind, useSuggestions } from '../api/get-suggestions';

type SuggestionComboboxProps = {
  kind: SuggestionKind;
  label: string;
  value: string;
  /** Typing: the text is no longer a chosen suggestion. */
  onChange: (text: string) => void;
  /** A suggestion was chosen from the list. */
  onSelect: (item: string) => void;
  placeholder?: string;
  required?: boolean;
  error?: string;
  hint?: string;
};

/**
 * A searchable suggestion list (001 §5: case-insensitive substring match, at most 50 shown), as a
 * WAI-ARIA 1.2 combobox with a listbox popup: arrows move, Enter chooses, Escape closes.
 */
export function SuggestionCombobox({
  kind,
  label,
  value,
  onChange,
  onSelect,
  placeholder,
  required,
  error,
  hint,
}: SuggestionComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const suggestions = useSuggestions(kind, value, open);
  // The server applies the same rule; filtering again keeps a stale page of results honest while typing.
  const items = suggest(suggestions.data ?? [], value);
  const expanded = open && items.length > 0;

  const choose = (item: string) => {
    onSelect(item);
    setOpen(false);
    setActive(-1);
  };

  const move = (delta: number) => {
    if (!open) setOpen(true);
    if (items.length === 0) return;
    const next = (active + delta + items.length) % items.length;
    setActive(next);
    listRef.current?.querySelector(`#${CSS.escape(`${id}-opt-${next}`)}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if (e.key === 'Enter' && expanded && active >= 0 && items[active]) choose(items[active]);
    else if (e.key === 'Escape' && open) {
      setOpen(false);
      setActive(-1);
    } else return;
    e.preventDefault();
  };

  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="relative flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-danger-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Label>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="pr-10"
        />
        {open && suggestions.isFetching && (
          <span className="absolute top-1/2 right-4 -translate-y-1/2 text-brand-700">
            <Spinner size="sm" label={null} />
          </span>
        )}
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-64 overflow-y-auto rounded-field border border-ink-200 bg-white py-1 shadow-raised"
      >
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant (combobox pattern).
          <div
            key={item}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: choosing must win over the input's blur.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(item);
            }}
            className={cn(
              'cursor-pointer px-4 py-2.5 text-[0.95rem] text-ink-900',
              i === active ? 'bg-brand-50 text-brand-900' : 'hover:bg-ink-50',
            )}
          >
            {item}
          </div>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
