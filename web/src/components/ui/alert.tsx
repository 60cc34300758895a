import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertProps = {
  variant?: 'info' | 'success' | 'destructive';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

const styles = {
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  success: 'border-success-700/25 bg-success-50 text-success-700',
  destructive: 'border-danger-200 bg-danger-50 text-danger-700',
};

/** Inline message. Destructive alerts interrupt (role="alert"); others are polite status messages. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-field border px-4 py-3 text-sm animate-fade-in', styles[variant], className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-current">
        {variant === 'success' ? (
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm3.7 5.3 1.1 1-5.6 5.9-3.5-3.3 1-1.1 2.4 2.2 4.6-4.7Z" />
        ) : (
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z" />
        )}
      </svg>
      <div className="flex min-w-0 flex-col gap-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
}
