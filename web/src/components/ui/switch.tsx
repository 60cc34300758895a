import { cn } from '../../lib/cn';

/**
 * An on/off switch (`role="switch"`), named and described by elements elsewhere: `id-label` and
 * `id-description`, so the row around it carries the visible words.
 */
export function Switch({
  id,
  on,
  onChange,
  disabled,
}: {
  id: string;
  on: boolean;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description`}
      disabled={disabled}
      onClick={onChange}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 motion-reduce:transition-none',
        on ? 'bg-brand-700' : 'bg-ink-300',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
          on ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
