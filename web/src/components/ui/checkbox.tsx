import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-ink-400 bg-white transition-colors',
        'hover:border-brand-600 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'aria-invalid:border-danger-600',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="text-white">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-none stroke-current stroke-[3]">
          <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'id'> & {
  label: ReactNode;
  description?: ReactNode;
};

/** A checkbox with its label; the label may hold links, so it is not wrapped around the box. */
export function CheckboxField({ label, description, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <Checkbox id={id} aria-describedby={description ? `${id}-description` : undefined} {...props} />
      <div className="flex flex-col gap-0.5 pt-0.5">
        <label htmlFor={id} className="cursor-pointer text-[0.95rem] font-medium text-ink-900">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-ink-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
