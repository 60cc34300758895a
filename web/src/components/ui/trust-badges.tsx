import { cn } from '../../lib/cn';
import { GraduationIcon, ShieldIcon } from './icons';

export type TrustBadgeFlags = { schoolVerified: boolean; photoVerified: boolean };

/** Issue 16: what each badge means, said to screen readers and on hover. */
export const BADGE_TEXT = {
  photo: 'Photo verified',
  photoMeans: 'a moderator matched a live selfie to their main photo',
  school: 'School verified',
  schoolMeans: 'their confirmed university e-mail belongs to this school',
} as const;

/**
 * The "Photo verified" and "School verified" badges of another student (issue 16). `compact`
 * shows the icons alone (lists and headers); the label stays for screen readers and on hover.
 */
export function TrustBadges({
  badges,
  compact = false,
  className,
}: {
  badges: TrustBadgeFlags;
  compact?: boolean;
  className?: string;
}) {
  if (!badges.photoVerified && !badges.schoolVerified) return null;
  const items = [
    badges.photoVerified && { key: 'photo', Icon: ShieldIcon, label: BADGE_TEXT.photo, means: BADGE_TEXT.photoMeans },
    badges.schoolVerified && {
      key: 'school',
      Icon: GraduationIcon,
      label: BADGE_TEXT.school,
      means: BADGE_TEXT.schoolMeans,
    },
  ].filter((x) => x !== false);
  return (
    // Spans, not a list: cards put the badges inside their button, where only phrasing content belongs.
    <span className={cn('flex flex-wrap items-center gap-1', className)}>
      {items.map(({ key, Icon, label, means }) => (
        <span
          key={key}
          title={`${label}: ${means}`}
          className={cn(
            'inline-flex items-center gap-1 rounded-pill bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset',
            compact ? 'p-0.5' : 'px-2 py-0.5 text-xs',
          )}
        >
          <Icon className={compact ? 'size-3.5' : 'size-3.5 shrink-0'} />
          <span className={compact ? 'sr-only' : undefined}>{label}</span>
          <span className="sr-only">: {means}.</span>
        </span>
      ))}
    </span>
  );
}
