import { cn } from '../../../lib/cn';
import { photoSources } from '../../../lib/photo';

const SIZES = { sm: 'size-10 text-sm', md: 'size-12 text-base', lg: 'size-16 text-lg' } as const;
const PIXELS = { sm: '40px', md: '48px', lg: '64px' } as const;

/** A round photo, or the initials on a tinted disc; decorative, so the name beside it does the talking. */
export function Avatar({
  name,
  photoUrl,
  size = 'md',
  className,
}: {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  return photoUrl ? (
    <img
      {...photoSources(photoUrl, PIXELS[size])}
      alt=""
      className={cn('shrink-0 rounded-full object-cover ring-2 ring-white', SIZES[size], className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 ring-2 ring-white',
        SIZES[size],
        className,
      )}
    >
      {initials}
    </span>
  );
}
