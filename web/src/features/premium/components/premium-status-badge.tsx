import { LinkButton } from '../../../components/ui/button';
import { BoltIcon, CrownIcon, StarIcon } from '../../../components/ui/icons';
import { paths } from '../../../lib/paths';
import { useBoostStatus } from '../api/boost';
import { usePremiumStatus } from '../api/get-premium-status';
import { useSuperLikeStatus } from '../api/get-super-like-status';
import { useCountdown } from './use-countdown';

const pill = 'inline-flex h-8 items-center gap-1 rounded-pill px-2.5 text-xs font-bold tabular-nums';

/**
 * The premium status badge (000 §2): Gold badge, super likes left as remaining/daily limit, a
 * countdown while a boost runs; free users get an Upgrade to Gold button instead of the Gold badge.
 */
export function PremiumStatusBadge() {
  const premium = usePremiumStatus();
  const superLikes = useSuperLikeStatus();
  const boost = useBoostStatus();
  const countdown = useCountdown(boost.data?.hasActiveBoost ? boost.data.boostEndTime : null);
  if (!premium.data) return null;
  const gold = premium.data.isPremium;
  const s = superLikes.data;
  const left = s ? Math.max(0, s.dailyLimit - s.dailyUsedCount) : null;

  return (
    <div className="flex items-center gap-1.5">
      {gold && (
        <span className={`${pill} bg-gold-300 text-ink-900 max-sm:w-8 max-sm:justify-center max-sm:px-0`}>
          <CrownIcon className="size-4" /> <span className="max-sm:sr-only">Gold</span>
        </span>
      )}
      {s && left !== null && (
        <span className={`${pill} bg-accent-50 text-accent-700 ring-1 ring-accent-200`}>
          <StarIcon className="size-4" aria-hidden="true" />
          <span aria-hidden="true">
            {left}/{s.dailyLimit}
          </span>
          <span className="sr-only">
            {left} of {s.dailyLimit} Super Likes left today
          </span>
        </span>
      )}
      {countdown && (
        <span className={`${pill} bg-brand-700 text-white`}>
          <BoltIcon className="size-4" />
          <span aria-hidden="true">{countdown.text}</span>
          <span className="sr-only">Boost active, {countdown.minutes} minutes left</span>
        </span>
      )}
      {!gold && (
        <LinkButton to={paths.upgrade} variant="gold" size="sm" className="px-3 max-sm:size-9 max-sm:px-0">
          <CrownIcon className="size-4" />
          <span className="max-sm:sr-only">Upgrade to Gold</span>
        </LinkButton>
      )}
    </div>
  );
}
