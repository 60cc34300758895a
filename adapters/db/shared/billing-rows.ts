/** What the SQLite and PostgreSQL billing repositories share (N29: same representation, same SQL). */
import type { StoredSubscription } from '../../../core/billing/fulfilment';
import type { Register, SubscriptionState } from '../../../core/billing/subscription-state';

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

/** A provider subscription's state as stored: each register's value beside its stamp. */
export type StateRow = {
  provider_subscription_id: string;
  user_id: string | null;
  customer_id: string | null;
  plan: string | null;
  plan_stamp: string | null;
  active: number | null;
  active_stamp: string | null;
  cancel_at_period_end: number | null;
  cancel_stamp: string | null;
  period_end: number | string | null;
  period_end_stamp: string | null;
  ended_at: number | string | null;
};

const reg = <T>(value: T | null, at: string | null): Register<T> =>
  value === null || at === null ? null : { value, at };

export const toState = (r: StateRow | undefined): SubscriptionState | null =>
  r
    ? {
        subscriptionId: r.provider_subscription_id,
        userId: r.user_id,
        customerId: r.customer_id,
        plan: reg(r.plan === 'monthly' || r.plan === 'yearly' ? r.plan : null, r.plan_stamp),
        active: reg(r.active === null ? null : Number(r.active) === 1, r.active_stamp),
        cancelAtPeriodEnd: reg(
          r.cancel_at_period_end === null ? null : Number(r.cancel_at_period_end) === 1,
          r.cancel_stamp,
        ),
        periodEnd: reg(r.period_end === null ? null : new Date(Number(r.period_end)), r.period_end_stamp),
        endedAt: r.ended_at === null ? null : new Date(Number(r.ended_at)),
      }
    : null;

export const stateParams = (s: SubscriptionState, now: Date) => ({
  id: s.subscriptionId,
  userId: s.userId,
  customerId: s.customerId,
  plan: s.plan?.value ?? null,
  planStamp: s.plan?.at ?? null,
  active: s.active ? (s.active.value ? 1 : 0) : null,
  activeStamp: s.active?.at ?? null,
  cancel: s.cancelAtPeriodEnd ? (s.cancelAtPeriodEnd.value ? 1 : 0) : null,
  cancelStamp: s.cancelAtPeriodEnd?.at ?? null,
  periodEnd: s.periodEnd?.value.getTime() ?? null,
  periodEndStamp: s.periodEnd?.at ?? null,
  endedAt: s.endedAt?.getTime() ?? null,
  now: now.getTime(),
});

/** Both engines' statements for billing (N29: one SQL text, `?`/`@name` placeholders). */
export const BILLING_SQL = {
  state: 'SELECT * FROM provider_subscriptions WHERE provider_subscription_id = ?',
  statesOf: 'SELECT * FROM provider_subscriptions WHERE user_id = ?',
  saveState: `INSERT INTO provider_subscriptions (provider_subscription_id, user_id, customer_id, plan, plan_stamp, active,
       active_stamp, cancel_at_period_end, cancel_stamp, period_end, period_end_stamp, ended_at, updated_at)
     VALUES (@id, @userId, @customerId, @plan, @planStamp, @active, @activeStamp, @cancel, @cancelStamp, @periodEnd,
       @periodEndStamp, @endedAt, @now)
     ON CONFLICT (provider_subscription_id) DO UPDATE SET user_id = excluded.user_id, customer_id = excluded.customer_id,
       plan = excluded.plan, plan_stamp = excluded.plan_stamp, active = excluded.active,
       active_stamp = excluded.active_stamp, cancel_at_period_end = excluded.cancel_at_period_end,
       cancel_stamp = excluded.cancel_stamp, period_end = excluded.period_end,
       period_end_stamp = excluded.period_end_stamp, ended_at = excluded.ended_at, updated_at = excluded.updated_at`,
  // Only for an account that exists: an event naming an erased or unknown account changes no Gold.
  userExists: 'SELECT id FROM users WHERE id = ?',
  saveUserSub: `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, provider_subscription_id,
       customer_id, state_at, updated_at)
     VALUES (@userId, @isPremium, @tier, @end, @cancelled, @providerId, @customerId, @stateAt, @now)
     ON CONFLICT (user_id) DO UPDATE SET is_premium = excluded.is_premium, tier = excluded.tier,
       subscription_end = excluded.subscription_end, cancelled = excluded.cancelled,
       provider_subscription_id = excluded.provider_subscription_id, customer_id = excluded.customer_id,
       state_at = excluded.state_at, updated_at = excluded.updated_at`,
  storedByProvider: 'SELECT * FROM subscriptions WHERE provider_subscription_id = ?',
  attributeLedger: 'UPDATE payments SET user_id = ? WHERE provider_subscription_id = ? AND user_id IS NULL',
  ledger: `INSERT INTO payments (id, user_id, provider_subscription_id, kind, item, amount_cents, currency, event_id,
       created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'usd', ?, ?)`,
} as const;

export const userSubParams = (n: StoredSubscription, now: Date) => ({
  userId: n.userId,
  isPremium: n.isPremium ? 1 : 0,
  tier: n.tier,
  end: n.subscriptionEnd?.getTime() ?? null,
  cancelled: n.cancelled ? 1 : 0,
  providerId: n.providerSubscriptionId,
  customerId: n.customerId,
  stateAt: n.stateAt?.getTime() ?? null,
  now: now.getTime(),
});
