import { BOOST_MESSAGES } from '../../../../../core/likes/boosts';
import { Button } from '../../../components/ui/button';
import { BoltIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useBoostStatus, useStartBoost } from '../api/boost';
import { useCountdown } from './use-countdown';

/**
 * The boost control (001 §4 Boost display): the boosts left while inactive, the time left while a
 * boost runs; disabled when none are left. A failure is the "Boost Failed" toast with the server's detail.
 */
export function BoostControl() {
  const status = useBoostStatus();
  const start = useStartBoost();
  const countdown = useCountdown(status.data?.hasActiveBoost ? status.data.boostEndTime : null);
  if (!status.data) return null;
  const left = status.data.totalBoostsRemaining;

  if (countdown) {
    return (
      <span className="inline-flex h-9 items-center gap-1.5 rounded-pill bg-brand-700 px-3.5 text-sm font-semibold whitespace-nowrap text-white tabular-nums">
        <BoltIcon className="size-4" /> Boosted
        <span aria-hidden="true">· {countdown.text}</span>
        <span className="sr-only">, {countdown.minutes} minutes left</span>
      </span>
    );
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      className="px-3.5"
      disabled={left === 0}
      loading={start.isPending}
      aria-label={`Boost (${left} left)`}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: () => toast.success('Boost started', { description: 'Your profile is boosted for 30 minutes.' }),
          onError: (error) =>
            toast.error(BOOST_MESSAGES.title, {
              description: isApiError(error) && error.detail ? error.detail : BOOST_MESSAGES.none,
            }),
        })
      }
    >
      <BoltIcon className="size-4 text-brand-700" /> Boost
      <span className="rounded-pill bg-ink-100 px-1.5 text-xs text-ink-700">{left}</span>
    </Button>
  );
}
