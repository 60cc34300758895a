import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatUsd, type PlanId } from '../../../../core/billing/catalog';
import { Alert } from '../../components/ui/alert';
import { Button, LinkButton } from '../../components/ui/button';
import { CrownIcon, ExternalLinkIcon } from '../../components/ui/icons';
import { PageShell } from '../../components/ui/page-shell';
import { Spinner } from '../../components/ui/spinner';
import { billingKeys, type CatalogPlan, type CatalogProduct, useCatalog } from '../../features/billing/api/get-catalog';
import { onPurchaseTaken } from '../../features/billing/api/payment-page';
import { useStartCheckout, useStartPayment } from '../../features/billing/api/start-checkout';
import { GoldPerks } from '../../features/billing/components/gold-perks';
import { OneTimePurchases } from '../../features/billing/components/one-time-purchases';
import { PlanPicker } from '../../features/billing/components/plan-picker';
// Billing composes the premium feature's status query here, at its route (the issue asks to reuse it).
import { premiumKeys, usePremiumStatus } from '../../features/premium/api/get-premium-status';
import { paths } from '../../lib/paths';

/** /upgrade (001 §2, §9): the Gold plans with their perks, and the one-time purchases. */
export function UpgradeRoute() {
  const [params] = useSearchParams();
  const canceled = params.get('canceled') === '1';
  const catalog = useCatalog();
  const premium = usePremiumStatus();
  const [plan, setPlan] = useState<PlanId>('monthly');
  const checkout = useStartCheckout();
  const payment = useStartPayment();
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();

  // The checkout finishes in the other tab: coming back here, refresh the plan and the prices.
  // Once /success there has the purchase, the "opened in a new tab" notice is stale (issue 17).
  useEffect(() => {
    if (!opened) return;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: premiumKeys.all });
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    };
    window.addEventListener('focus', refresh);
    const stopWatching = onPurchaseTaken(() => {
      setOpened(false);
      refresh();
    });
    return () => {
      window.removeEventListener('focus', refresh);
      stopWatching();
    };
  }, [opened, queryClient]);

  // The catalogue knows the buyer's status too; it is the fallback when the status call failed.
  const isGold = premium.data?.isPremium ?? catalog.data?.isGold ?? false;
  const plans = (catalog.data?.plans ?? []) as CatalogPlan[];
  const products = (catalog.data?.products ?? []) as CatalogProduct[];
  const chosen = plans.find((p) => p.id === plan);

  return (
    <PageShell title="Upgrade to Gold" back={{ to: paths.home, label: 'Back' }}>
      <div className="flex flex-col gap-8">
        {canceled && <Alert title="Checkout canceled">No charge was made. Pick a plan whenever you're ready.</Alert>}
        {opened && (
          <Alert title="Checkout opened in a new tab">
            Finish paying there; this page stays open. <ExternalLinkIcon className="inline size-4 align-[-2px]" />
          </Alert>
        )}

        {catalog.isPending || premium.isPending ? (
          <div className="flex items-center gap-3 py-12 text-brand-700">
            <Spinner label={null} />
            <p className="font-medium text-ink-600" role="status">
              Loading plans…
            </p>
          </div>
        ) : catalog.isError ? (
          <Alert variant="destructive" title="We couldn't load the plans">
            <p>Check your connection and try again.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void catalog.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            {isGold ? (
              <section
                aria-labelledby="gold-member-title"
                className="rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-6 shadow-card ring-1 ring-gold-300"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
                    <CrownIcon className="size-6" />
                  </span>
                  <div>
                    <h2 id="gold-member-title" className="text-heading text-ink-900">
                      You're a Gold member
                    </h2>
                    <p className="text-sm text-ink-700">All Gold perks are on. Top up Boosts and Super Likes below.</p>
                  </div>
                </div>
                <LinkButton to={paths.manageSubscription} variant="secondary" className="mt-5">
                  Manage subscription
                </LinkButton>
              </section>
            ) : (
              <>
                <section
                  aria-labelledby="gold-perks-title"
                  className="rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-5 shadow-card ring-1 ring-gold-300 sm:p-6"
                >
                  <div className="flex items-center gap-3">
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
                      <CrownIcon className="size-6" />
                    </span>
                    <div>
                      <h2 id="gold-perks-title" className="text-heading text-ink-900">
                        Nestmate Gold
                      </h2>
                      <p className="text-sm text-ink-700">Find your roommate faster.</p>
                    </div>
                  </div>
                  <GoldPerks tone="offer" labelledBy="gold-perks-title" className="mt-5" />
                </section>

                <form
                  className="flex flex-col gap-4"
                  onSubmit={(event) => {
                    event.preventDefault();
                    setOpened(false);
                    checkout.mutate(plan, { onSuccess: ({ opened }) => setOpened(opened === 'tab') });
                  }}
                >
                  <PlanPicker plans={plans} value={plan} onChange={setPlan} />
                  <Button type="submit" variant="gold" size="lg" full loading={checkout.isPending}>
                    <CrownIcon className="size-5" />
                    {chosen ? `Get ${chosen.name} · ${formatUsd(chosen.priceCents)}` : 'Continue'}
                  </Button>
                  <p className="text-center text-sm text-ink-600">
                    Renews automatically each {plan === 'yearly' ? 'year' : 'month'} until you cancel. Cancel anytime
                    from Manage Subscription.
                  </p>
                </form>
              </>
            )}

            <OneTimePurchases
              headingId="one-time-title"
              products={products}
              isGold={isGold}
              pending={payment.isPending ? (payment.variables ?? null) : null}
              onBuy={(id) => {
                setOpened(false);
                payment.mutate(id, { onSuccess: ({ opened }) => setOpened(opened === 'tab') });
              }}
            />
          </>
        )}
      </div>
    </PageShell>
  );
}
