/** PostgreSQL billing records: subscriptions, checkouts, applied provider events and the ledger. */
import type { PlanId, ProductId } from '../../../core/billing/catalog';
import type { FulfilmentEffect, LedgerEntry, StoredSubscription } from '../../../core/billing/fulfilment';
import type { BillingRepository, CheckoutSession } from '../../../core/billing/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import { type SubRow, toSub } from '../shared/billing-rows';
import type { PgSql } from './sql';

export class PostgresBillingRepository implements BillingRepository {
  private readonly s: Record<string, string>;

  constructor(
    private readonly sql: PgSql,
    private readonly ids: IdGenerator,
  ) {
    this.s = {
      byUser: 'SELECT * FROM subscriptions WHERE user_id = ?',
      byProvider: 'SELECT * FROM subscriptions WHERE provider_subscription_id = ?',
      upsert: `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, provider_subscription_id,
           customer_id, state_at, updated_at)
         VALUES (@userId, @isPremium, @tier, @end, @cancelled, @providerId, @customerId, @stateAt, @now)
         ON CONFLICT (user_id) DO UPDATE SET is_premium = excluded.is_premium, tier = excluded.tier,
           subscription_end = excluded.subscription_end, cancelled = excluded.cancelled,
           provider_subscription_id = excluded.provider_subscription_id, customer_id = excluded.customer_id,
           state_at = excluded.state_at, updated_at = excluded.updated_at`,
      balance: `INSERT INTO balances (user_id, super_likes, boosts, updated_at) VALUES (@userId, @superLikes, @boosts, @now)
         ON CONFLICT (user_id) DO UPDATE SET super_likes = balances.super_likes + excluded.super_likes,
           boosts = balances.boosts + excluded.boosts, updated_at = excluded.updated_at`,
      event:
        'INSERT INTO payment_events (event_id, provider, kind, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      ledger: `INSERT INTO payments (id, user_id, kind, item, amount_cents, currency, event_id, created_at)
         VALUES (?, ?, ?, ?, ?, 'usd', ?, ?)`,
      createCheckout: `INSERT INTO checkout_sessions (id, user_id, purchase_type, item, amount_cents, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?)`,
      checkout: 'SELECT * FROM checkout_sessions WHERE id = ?',
      setCheckout: `UPDATE checkout_sessions SET status = ? WHERE id = ? AND status = 'open'`,
    };
  }

  async subscription(userId: string) {
    return toSub(await this.sql.get<SubRow>(this.s.byUser!, [userId]));
  }

  async subscriptionByProviderId(id: string) {
    return toSub(await this.sql.get<SubRow>(this.s.byProvider!, [id]));
  }

  async createCheckout(c: CheckoutSession) {
    const item = c.purchase.type === 'subscription' ? c.purchase.plan : c.purchase.productId;
    await this.sql.run(this.s.createCheckout!, [
      c.id,
      c.userId,
      c.purchase.type,
      item,
      c.amountCents,
      c.createdAt.getTime(),
    ]);
  }

  async checkout(id: string): Promise<CheckoutSession | null> {
    const r = await this.sql.get<{
      id: string;
      user_id: string;
      purchase_type: string;
      item: string;
      amount_cents: number;
      status: string;
      created_at: number;
    }>(this.s.checkout!, [id]);
    if (!r) return null;
    return {
      id: r.id,
      userId: r.user_id,
      purchase:
        r.purchase_type === 'subscription'
          ? { type: 'subscription', plan: r.item as PlanId }
          : { type: 'product', productId: r.item as ProductId },
      amountCents: r.amount_cents,
      status: r.status as CheckoutSession['status'],
      createdAt: new Date(r.created_at),
    };
  }

  async setCheckoutStatus(id: string, status: 'completed' | 'cancelled') {
    await this.sql.run(this.s.setCheckout!, [status, id]);
  }

  async apply(
    eventId: string,
    provider: string,
    kind: string,
    lookup: { userId: string | null; subscriptionId: string | null },
    decide: (current: StoredSubscription | null) => { effect: FulfilmentEffect; ledger: LedgerEntry | null },
    at: Date,
  ): Promise<'applied' | 'duplicate'> {
    return this.sql.transaction(async (tx): Promise<'applied' | 'duplicate'> => {
      // The event id is claimed first: a replay or a concurrent duplicate finds it taken (the
      // second insert waits on the first's unique key and then inserts nothing).
      if ((await tx.run(this.s.event!, [eventId, provider, kind, at.getTime()])).changes === 0) return 'duplicate';
      const byProvider = lookup.subscriptionId
        ? toSub(await tx.get<SubRow>(`${this.s.byProvider!} FOR UPDATE`, [lookup.subscriptionId]))
        : null;
      const current =
        byProvider ??
        (lookup.userId ? toSub(await tx.get<SubRow>(`${this.s.byUser!} FOR UPDATE`, [lookup.userId])) : null);
      const { effect, ledger } = decide(current);
      const now = at.getTime();
      if (effect.type === 'subscription') {
        const n = effect.next;
        await tx.run(this.s.upsert!, {
          userId: n.userId,
          isPremium: n.isPremium ? 1 : 0,
          tier: n.tier,
          end: n.subscriptionEnd?.getTime() ?? null,
          cancelled: n.cancelled ? 1 : 0,
          providerId: n.providerSubscriptionId,
          customerId: n.customerId,
          stateAt: n.stateAt?.getTime() ?? null,
          now,
        });
      } else if (effect.type === 'balance') {
        await tx.run(this.s.balance!, {
          userId: effect.userId,
          superLikes: effect.superLikes,
          boosts: effect.boosts,
          now,
        });
      }
      if (ledger) {
        await tx.run(this.s.ledger!, [
          this.ids.newId(),
          ledger.userId,
          ledger.kind,
          ledger.item,
          ledger.amountCents,
          ledger.eventId,
          ledger.at.getTime(),
        ]);
      }
      return 'applied';
    });
  }
}
