import type { ComponentType, SVGProps } from 'react';
import { LinkButton } from '../../../components/ui/button';
import { BoltIcon, CrownIcon, EyeIcon, SlidersIcon, StarIcon } from '../../../components/ui/icons';
import { paths } from '../../../lib/paths';
import { usePremiumStatus } from '../api/get-premium-status';

const perks: Array<{ label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { label: 'See Who Liked You', icon: EyeIcon },
  { label: '5 Super Likes Daily', icon: StarIcon },
  { label: 'Monthly Boost', icon: BoltIcon },
  { label: 'Advanced Filters', icon: SlidersIcon },
];

/** The upgrade promo card (000 §2): hidden for premium users and while the status loads. */
export function UpgradePromoCard() {
  const premium = usePremiumStatus();
  if (!premium.data || premium.data.isPremium) return null;
  return (
    <section
      aria-labelledby="upgrade-promo-title"
      className="overflow-hidden rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-5 shadow-card ring-1 ring-gold-300"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
          <CrownIcon className="size-6" />
        </span>
        <div>
          <h2 id="upgrade-promo-title" className="text-lg font-bold text-ink-900">
            Get Nestmate Gold
          </h2>
          <p className="text-sm text-ink-700">Find your roommate faster.</p>
        </div>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {perks.map((perk) => (
          <li
            key={perk.label}
            className="flex items-center gap-2 rounded-2xl bg-white/80 px-3 py-2 text-sm font-semibold text-ink-800"
          >
            <perk.icon className="size-4 shrink-0 text-gold-800" />
            {perk.label}
          </li>
        ))}
      </ul>
      <LinkButton to={paths.upgrade} variant="gold" full className="mt-4">
        <CrownIcon className="size-4" /> Upgrade to Gold
      </LinkButton>
    </section>
  );
}
