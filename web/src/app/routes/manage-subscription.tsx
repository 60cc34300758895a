import { formatUsd, PLANS } from '../../../../core/billing/catalog';
import { ENTITLEMENTS } from '../../../../core/billing/entitlements';
import { Alert } from '../../components/ui/alert';
import { Button, LinkButton } from '../../components/ui/button';
import { CalendarIcon, CreditCardIcon, CrownIcon, ExternalLinkIcon } from '../../components/ui/icons';
import { PageShell } from '../../components/ui/page-shell';
import { Spinner } from '../../components/ui/spinner';
import { type CatalogProduct, useCatalog } from '../../features/billing/api/get-catalog';
import { BILLING_MESSAGES, useOpenPortal, useStartPayment } from '../../features/billing/api/start-checkout';
import { GoldPerks } from '../../features/billing/components/gold-perks';
import { OneTimePurchases } from '../../features/billing/components/one-time-purchases';
// Billing composes the premium feature's status query here, at its route (the issue asks to reuse it).
import { usePremiumStatus } from '../../features/premium/api/get-premium-status';
import type { Endpoints } from '../../lib/api-types';
import { paths } from '../../lib/paths';

type PremiumStatus = Endpoints['GET /api/premium/status']['response'];

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const planName = (tier: string | null) =>
  tier === 'gold_yearly' ? PLANS.yearly.name : tier === 'gold_monthly' ? PLANS.monthly.name : 'Gold';

const planPrice = (tier: string | null) =>
  tier === 'gold_yearly'
    ? `${formatUsd(PLANS.yearly.priceCents)} / year`
    : tier === 'gold_monthly'
      ? `${formatUsd(PLANS.monthly.priceCents)} / month`
      : null;

/**
 * /manage-subscription (001 §2): loading, active (plan, next billing date, cancelled notice) or
 * free plan; one-time purchases at this user's prices; the customer portal for Gold.
 */
export function ManageSubscriptionRoute() {
  const premium = usePremiumStatus();
  const catalog = useCatalog();
  const payment = useStartPayment(BILLING_MESSAGES.purchaseFailed);

  return (
    <PageShell title="Manage Subscription" back={{ to: paths.settings, label: 'Settings' }}>
      <div className="flex flex-col gap-8">
        {premium.isPending ? (
          <div className="flex items-center gap-3 py-12 text-brand-700">
            <Spinner label={null} />
            <p role="status" className="font-medium text-ink-600">
              Loading your subscription…
            </p>
          </div>
        ) : premium.isError ? (
          <Alert variant="destructive" title="We couldn't load your subscription">
            <p>Check your connection and try again.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void premium.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : premium.data.isPremium ? (
          <ActivePlan status={premium.data} />
        ) : (
          <FreePlan />
        )}

        {catalog.data && (
          <OneTimePurchases
            headingId="manage-one-time-title"
            title="One-time purchases"
            products={catalog.data.products as CatalogProduct[]}
            isGold={catalog.data.isGold}
            pending={payment.isPending ? (payment.variables ?? null) : null}
            onBuy={(id) => payment.mutate(id)}
          />
        )}
        {catalog.isError && (
          <Alert variant="destructive" title="We couldn't load one-time purchases">
            <Button variant="secondary" size="sm" className="mt-1" onClick={() => void catalog.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </div>
    </PageShell>
  );
}

function ActivePlan({ status }: { status: PremiumStatus }) {
  const portal = useOpenPortal();
  const end = status.subscriptionEnd ? formatDate(status.subscriptionEnd) : null;
  const price = planPrice(status.subscriptionTier);
  return (
    <section
      aria-labelledby="current-plan"
      className="rounded-card bg-gradient-to-br from-gold-100 via-gold-50 to-white p-5 shadow-card ring-1 ring-gold-300 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-900">
          <CrownIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-gold-800">Your plan</p>
          <h2 id="current-plan" className="text-heading text-ink-900">
            {planName(status.subscriptionTier)}
          </h2>
        </div>
        <span
          className={
            status.subscriptionCancelled
              ? 'rounded-pill bg-ink-100 px-3 py-1 text-xs font-bold text-ink-700'
              : 'rounded-pill bg-success-50 px-3 py-1 text-xs font-bold text-success-700 ring-1 ring-success-700/25'
          }
        >
          {status.subscriptionCancelled ? 'Cancelled' : 'Active'}
        </span>
      </div>

      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        {price && (
          <div className="rounded-2xl bg-white/85 px-4 py-3 ring-1 ring-gold-200">
            <dt className="flex items-center gap-1.5 text-sm text-ink-600">
              <CreditCardIcon className="size-4" /> Price
            </dt>
            <dd className="font-bold text-ink-900 tabular-nums">{price}</dd>
          </div>
        )}
        {end && (
          <div className="rounded-2xl bg-white/85 px-4 py-3 ring-1 ring-gold-200">
            <dt className="flex items-center gap-1.5 text-sm text-ink-600">
              <CalendarIcon className="size-4" /> {status.subscriptionCancelled ? 'Gold ends on' : 'Next billing date'}
            </dt>
            <dd className="font-bold text-ink-900">{end}</dd>
          </div>
        )}
      </dl>

      {status.subscriptionCancelled && end && (
        <Alert className="mt-4" title={`Your Gold plan is cancelled and ends on ${end}.`}>
          You keep every Gold perk until then. Resume anytime from Manage billing.
        </Alert>
      )}

      <h3 className="mt-6 font-bold text-ink-900">Included in your plan</h3>
      <GoldPerks tone="active" className="mt-3" />

      <Button
        variant="secondary"
        // The label is long: on a phone it wraps rather than running out of the button.
        className="mt-6 h-auto! min-h-11 w-full py-2 whitespace-normal! sm:w-auto"
        loading={portal.isPending}
        onClick={() => portal.mutate()}
      >
        <ExternalLinkIcon className="size-4" />
        {status.subscriptionCancelled ? 'Manage billing / Resume subscription' : 'Manage billing / Cancel subscription'}
      </Button>
      <p className="mt-2 text-sm text-ink-600">Opens the secure billing portal in a new tab.</p>
    </section>
  );
}

function FreePlan() {
  const free = ENTITLEMENTS.free;
  return (
    <section
      aria-labelledby="current-plan"
      className="rounded-card border border-ink-200/70 bg-white p-5 shadow-card sm:p-6"
    >
      <p className="text-sm font-semibold text-ink-600">Your plan</p>
      <h2 id="current-plan" className="text-heading text-ink-900">
        Free plan
      </h2>
      <p className="mt-1 text-ink-700">
        {free.dailySuperLikes} Super Like a day, up to {free.dailyLikes} likes a day and a {free.defaultRadius}-mile
        search radius.
      </p>
      <h3 className="mt-5 font-bold text-ink-900">Gold adds</h3>
      <GoldPerks tone="locked" className="mt-3" />
      <LinkButton to={paths.upgrade} variant="gold" size="lg" className="mt-6 w-full sm:w-auto">
        <CrownIcon className="size-5" /> Upgrade to Gold
      </LinkButton>
    </section>
  );
}
