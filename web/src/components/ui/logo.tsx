import { cn } from '../../lib/cn';

/**
 * The Nestmate mark and word. Decorative mark; the word carries the name. `compact` keeps only the
 * mark on phones (the word stays for screen readers), where a header needs the room.
 */
export function Logo({
  className,
  tone = 'dark',
  compact = false,
}: {
  className?: string;
  tone?: 'dark' | 'light';
  compact?: boolean;
}) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-display text-xl font-extrabold tracking-tight', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="16" fill={tone === 'dark' ? '#19625e' : '#ffffff'} />
        <path
          d="M14 32 32 17l18 15v15a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z"
          fill={tone === 'dark' ? '#ffffff' : '#19625e'}
        />
        <circle cx="26" cy="36" r="4" fill="#f0592f" />
        <circle cx="38" cy="36" r="4" fill="#f5b82e" />
      </svg>
      <span className={cn(tone === 'dark' ? 'text-brand-900' : 'text-white', compact && 'max-sm:sr-only')}>
        Nestmate
      </span>
    </span>
  );
}
