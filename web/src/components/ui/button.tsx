import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'gold';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-pill font-semibold transition-colors select-none ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-ink-200 hover:bg-brand-50 hover:ring-brand-200',
  ghost: 'bg-transparent text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  destructive: 'bg-danger-700 text-white shadow-sm hover:bg-danger-600',
  gold: 'bg-gold-400 text-ink-900 shadow-sm hover:bg-gold-300',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-[0.95rem]',
  lg: 'h-13 px-7 text-base',
};

export const buttonClasses = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', full = false) =>
  cn(base, variants[variant], sizes[size], full && 'w-full');

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  full?: boolean;
  /** Shows a spinner, disables the button and announces the busy state. */
  loading?: boolean;
  loadingText?: ReactNode;
};

export function Button({
  variant,
  size,
  full,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses(variant, size, full), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="sm" label={null} />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; full?: boolean };

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function LinkButton({ variant, size, full, className, ...props }: LinkButtonProps) {
  return <Link className={cn(buttonClasses(variant, size, full), className)} {...props} />;
}
