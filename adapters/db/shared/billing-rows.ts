/** What the SQLite and PostgreSQL billing repositories share (N29: same representation, same SQL). */
import type { StoredSubscription } from '../../../core/billing/fulfilment';

export type SubRow = {
  user_id: string;
  is_premium: number;
  tier: string | null;
  subscription_end: number | null;
  cancelled: number;
  provider_subscription_id: string | null;
  customer_id: string | null;
  state_at: number | null;
};

export const toSub = (r: SubRow | undefined): StoredSubscription | null =>
  r
    ? {
        userId: r.user_id,
        isPremium: r.is_premium === 1,
        tier: r.tier,
        subscriptionEnd: r.subscription_end === null ? null : new Date(r.subscription_end),
        cancelled: r.cancelled === 1,
        providerSubscriptionId: r.provider_subscription_id,
        customerId: r.customer_id,
        stateAt: r.state_at === null ? null : new Date(r.state_at),
      }
    : null;
