import { cn } from '../../lib/cn';

type SpinnerProps = { size?: 'sm' | 'md' | 'lg'; label?: string | null; className?: string };

const dimensions = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' };

/** A rotating ring; `label` is announced to screen readers (null when the parent announces). */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        dimensions[size],
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-screen loading state, e.g. while the session is being checked (001 §2). */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink-50 text-brand-700" role="status">
      <Spinner size="lg" label={null} />
      <p className="font-medium text-ink-600">{label}</p>
    </div>
  );
}
