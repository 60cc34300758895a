import type { ComponentType, SVGProps } from 'react';
import { ENTITLEMENTS } from '../../../../../core/billing/entitlements';
import {
  BanIcon,
  BoltIcon,
  CheckIcon,
  EyeIcon,
  LockIcon,
  MapPinIcon,
  PhoneIcon,
  SlidersIcon,
  StarIcon,
} from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

const gold = ENTITLEMENTS.gold;

/** What Gold unlocks (001 §1), with the numbers from the one entitlements table. */
export const GOLD_PERKS: Array<{ label: string; detail: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { label: 'See Who Liked You', detail: 'See everyone who liked you and like them back', icon: EyeIcon },
  {
    label: `${gold.dailySuperLikes} Super Likes Daily`,
    detail: 'Stand out to the students you like most',
    icon: StarIcon,
  },
  { label: 'Monthly Boost', detail: `${gold.monthlyBoosts} free 30-minute boost every month`, icon: BoltIcon },
  { label: 'Advanced Filters', detail: 'University, major, budget, habits and more', icon: SlidersIcon },
  { label: 'Video and voice calls', detail: 'Meet a match before you sign a lease', icon: PhoneIcon },
  {
    label: 'Wider search radius',
    detail: `${gold.defaultRadius} miles by default, up to ${gold.maxRadius}`,
    icon: MapPinIcon,
  },
  { label: 'Ad-free', detail: 'Nothing between you and your next roommate', icon: BanIcon },
];

type GoldPerksProps = {
  /** `offer`: what Gold would add; `active`: what this Gold member has now; `locked`: shown to a free plan. */
  tone: 'offer' | 'active' | 'locked';
  className?: string;
  labelledBy?: string;
};

export function GoldPerks({ tone, className, labelledBy }: GoldPerksProps) {
  return (
    <ul aria-labelledby={labelledBy} className={cn('grid grid-cols-2 gap-2', className)}>
      {GOLD_PERKS.map((perk) => (
        <li
          key={perk.label}
          // Phones: two compact columns (icon over label); wider: icon beside label and detail.
          className="flex flex-col items-start gap-2 rounded-2xl bg-white/85 px-3 py-3 ring-1 ring-gold-200 last:odd:col-span-2 sm:flex-row sm:gap-3 sm:px-3.5"
        >
          <span
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-xl sm:size-9',
              tone === 'locked' ? 'bg-ink-100 text-ink-600' : 'bg-gold-100 text-gold-800',
            )}
          >
            <perk.icon className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-1.5 text-sm leading-snug font-semibold text-ink-900 sm:text-base">
              {perk.label}
              {tone === 'active' && (
                <>
                  <CheckIcon className="size-4 text-success-700" />
                  <span className="sr-only">(active)</span>
                </>
              )}
              {tone === 'locked' && (
                <>
                  <LockIcon className="size-3.5 text-ink-500" />
                  <span className="sr-only">(Gold only)</span>
                </>
              )}
            </span>
            <span className="hidden text-sm text-ink-600 sm:block">{perk.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
