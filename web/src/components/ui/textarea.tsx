import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { FieldError, Label } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full resize-y rounded-field border border-ink-300 bg-white px-4 py-3 text-base text-ink-900 shadow-xs',
        'placeholder:text-ink-500 hover:border-ink-400',
        'focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-200',
        'aria-invalid:border-danger-600',
        className,
      )}
      {...props}
    />
  );
}

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'value'> & {
  label: ReactNode;
  value: string;
  error?: string;
  hint?: ReactNode;
  /** Shows "n/max" under the field and stops typing at max. */
  max?: number;
};

/** Label + textarea + optional character counter + error. */
export function TextareaField({ label, value, error, hint, max, className, ...props }: TextareaFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null, max ? `${id}-count` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          {hint && (
            <p id={`${id}-hint`} className="text-sm text-ink-600">
              {hint}
            </p>
          )}
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        {max !== undefined && (
          <p
            id={`${id}-count`}
            className={cn('shrink-0 text-sm tabular-nums', value.length >= max ? 'text-danger-700' : 'text-ink-600')}
          >
            {value.length}/{max}
          </p>
        )}
      </div>
    </div>
  );
}
