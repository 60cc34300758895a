import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PLANS, PRODUCTS } from '../../../../core/billing/catalog';
import { LinkButton } from '../../components/ui/button';
import { BoltIcon, CheckIcon, CrownIcon, StarIcon } from '../../components/ui/icons';
import { PageShell } from '../../components/ui/page-shell';
import { Spinner } from '../../components/ui/spinner';
import { billingKeys } from '../../features/billing/api/get-catalog';
import {
  forgetPendingPurchase,
  type PendingPurchase,
  readPendingPurchase,
} from '../../features/billing/api/payment-page';
import { GoldPerks } from '../../features/billing/components/gold-perks';
// The premium feature's queries: the check refreshes them so badge, boost and super likes update.
import { useBoostStatus } from '../../features/premium/api/boost';
import { premiumKeys, premiumStatusQueryOptions } from '../../features/premium/api/get-premium-status';
import { useSuperLikeStatus } from '../../features/premium/api/get-super-like-status';
import type { Endpoints } from '../../lib/api-types';
import { paths } from '../../lib/paths';

type PremiumStatus = Endpoints['GET /api/premium/status']['response'];

/** 001 §4, §9: the page waits this long before the subscription check. */
export const PROCESSING_MS = 2000;

type Phase = 'processing' | 'checking' | 'done';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** /success (001 §2, §4): processing for 2 s, then the subscription check, then what the buyer got. */
export function SuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('processing');
  const [status, setStatus] = useState<PremiumStatus | null>(null);
  // Read once: a reload of /success should not claim the same purchase again. Forgotten after the
  // first commit, not while rendering, so a render retried after a suspense reads it too.
  const [purchase] = useState<PendingPurchase | null>(readPendingPurchase);
  useEffect(forgetPendingPurchase, []);

  useEffect(() => {
    const timer = setTimeout(() => setPhase('checking'), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== 'checking') return;
    let live = true;
    void (async () => {
      try {
        // Badge, boost and super-like status, and the catalogue's prices, all depend on the plan.
        await queryClient.invalidateQueries({ queryKey: billingKeys.all });
        await queryClient.invalidateQueries({ queryKey: premiumKeys.all });
        const fresh = await queryClient.fetchQuery({ ...premiumStatusQueryOptions(), staleTime: 0 });
        if (live) setStatus(fresh);
      } catch (error) {
        // 000 §8: a failed subscription check is only logged; the payment itself went through.
        console.error('Subscription check failed', error);
      } finally {
        if (live) setPhase('done');
      }
    })();
    return () => {
      live = false;
    };
  }, [phase, queryClient]);

  const gold = status?.isPremium ?? false;
  const boughtPlan = purchase?.kind === 'plan' || (!purchase && gold);
  const title =
    phase !== 'done' ? 'Processing your payment' : boughtPlan && gold ? 'Welcome to Gold!' : 'Payment successful';

  return (
    <PageShell title={title} back={{ to: paths.home, label: 'Back' }}>
      <div aria-live="polite" className="flex flex-col gap-6">
        {phase !== 'done' ? (
          <div className="flex flex-col items-center gap-4 rounded-card border border-ink-200/70 bg-white px-6 py-12 text-center shadow-card">
            <Spinner size="lg" label={null} className="text-brand-700" />
            <p className="text-lg font-semibold text-ink-900">
              {phase === 'processing' ? 'Confirming your payment…' : 'Checking your subscription…'}
            </p>
            <p className="max-w-sm text-sm text-ink-600">This takes a moment. Please keep this page open.</p>
          </div>
        ) : (
          <SuccessDetails purchase={purchase} status={status} boughtPlan={boughtPlan} />
        )}
        {sessionId && <p className="text-center text-xs text-ink-600">Reference: {sessionId}</p>}
      </div>
    </PageShell>
  );
}

function SuccessDetails({
  purchase,
  status,
  boughtPlan,
}: {
  purchase: PendingPurchase | null;
  status: PremiumStatus | null;
  boughtPlan: boolean;
}) {
  const gold = status?.isPremium ?? false;
  return (
    <>
      {boughtPlan ? (
        <section
          aria-labelledby="success-gold"
          className="rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-5 shadow-card ring-1 ring-gold-300 sm:p-6"
        >
          <div className="flex items-center gap-3">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
              <CrownIcon className="size-6" />
            </span>
            <div>
              <h2 id="success-gold" className="text-heading text-ink-900">
                {gold
                  ? `You're on ${purchase?.kind === 'plan' ? PLANS[purchase.id].name : 'Gold'}`
                  : 'Your Gold plan is on its way'}
              </h2>
              <p className="text-sm text-ink-700">
                {gold && status?.subscriptionEnd
                  ? `Renews on ${formatDate(status.subscriptionEnd)}.`
                  : gold
                    ? 'Your Gold perks are active.'
                    : 'Your payment went through; your perks appear as soon as it is confirmed.'}
              </p>
            </div>
          </div>
          {gold && <GoldPerks tone="active" labelledBy="success-gold" className="mt-5" />}
        </section>
      ) : (
        <ProductDetails purchase={purchase} />
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <LinkButton to={paths.home} variant="primary" size="lg" className="sm:flex-1">
          Back to Nestmate
        </LinkButton>
        {boughtPlan && gold && (
          <LinkButton to={`${paths.home}?tab=liked-you`} variant="secondary" size="lg" className="sm:flex-1">
            See who liked you
          </LinkButton>
        )}
      </div>
    </>
  );
}

/** A one-time purchase: what was added and the balance now (000 §3 boost and super-like status). */
function ProductDetails({ purchase }: { purchase: PendingPurchase | null }) {
  const boost = useBoostStatus();
  const superLikes = useSuperLikeStatus();
  const product = purchase?.kind === 'product' ? PRODUCTS[purchase.id] : null;
  const isBoost = purchase?.id === 'profile_boost';
  const Icon = isBoost ? BoltIcon : product ? StarIcon : CheckIcon;
  const balance = isBoost
    ? boost.data && `You have ${plural(boost.data.totalBoostsRemaining, 'boost')} ready to use.`
    : product
      ? superLikes.data && `You have ${plural(superLikes.data.purchasedRemaining, 'extra Super Like')}.`
      : null;
  return (
    <section
      aria-labelledby="success-product"
      className="flex items-start gap-4 rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-6"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-success-50 text-success-700">
        <Icon className="size-6" />
      </span>
      <div className="flex flex-col gap-1">
        <h2 id="success-product" className="text-heading text-ink-900">
          {product ? `${product.name} added` : 'Thanks for your purchase'}
        </h2>
        {isBoost && <p className="text-ink-700">Start it from Discover: 30 minutes at the top of the deck.</p>}
        {balance && <p className="font-semibold text-ink-900">{balance}</p>}
      </div>
    </section>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
