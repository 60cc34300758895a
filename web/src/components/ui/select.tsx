import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { FieldError, Label } from './input';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty choice's text; omit to require a choice. */
  placeholder?: string;
  error?: string;
  required?: boolean;
};

/** A native select (the platform's picker on phones) with label, required marker and error. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  required,
  className,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
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
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'block h-12 w-full appearance-none rounded-field border border-ink-300 bg-white pr-10 pl-4 text-base text-ink-900 shadow-xs',
            'hover:border-ink-400 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-200',
            'aria-invalid:border-danger-600',
            value === '' && 'text-ink-600',
          )}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 fill-none stroke-ink-600 stroke-2"
        >
          <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
