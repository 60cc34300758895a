/** SQLite billing records: subscriptions, checkouts, applied provider events and the ledger. */
import type { Statement } from 'better-sqlite3';
import type { PlanId, ProductId } from '../../../core/billing/catalog';
import type { FulfilmentEffect, LedgerEntry, StoredSubscription } from '../../../core/billing/fulfilment';
import type { BillingRepository, CheckoutSession } from '../../../core/billing/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import { type SubRow, toSub } from '../shared/billing-rows';
import type { SqliteDb } from './client';

export class SqliteBillingRepository implements BillingRepository {
  private readonly s: Record<string, Statement>;

  constructor(
    private readonly db: SqliteDb,
    private readonly ids: IdGenerator,
  ) {
    const sql = db.$client;
    this.s = {
      byUser: sql.prepare('SELECT * FROM subscriptions WHERE user_id = ?'),
      byProvider: sql.prepare('SELECT * FROM subscriptions WHERE provider_subscription_id = ?'),
      upsert: sql.prepare(
        `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, provider_subscription_id,
           customer_id, state_at, updated_at)
         VALUES (@userId, @isPremium, @tier, @end, @cancelled, @providerId, @customerId, @stateAt, @now)
         ON CONFLICT (user_id) DO UPDATE SET is_premium = excluded.is_premium, tier = excluded.tier,
           subscription_end = excluded.subscription_end, cancelled = excluded.cancelled,
           provider_subscription_id = excluded.provider_subscription_id, customer_id = excluded.customer_id,
           state_at = excluded.state_at, updated_at = excluded.updated_at`,
      ),
      balance: sql.prepare(
        `INSERT INTO balances (user_id, super_likes, boosts, updated_at) VALUES (@userId, @superLikes, @boosts, @now)
         ON CONFLICT (user_id) DO UPDATE SET super_likes = super_likes + excluded.super_likes,
           boosts = boosts + excluded.boosts, updated_at = excluded.updated_at`,
      ),
      event: sql.prepare(
        'INSERT OR IGNORE INTO payment_events (event_id, provider, kind, received_at) VALUES (?, ?, ?, ?)',
      ),
      ledger: sql.prepare(
        `INSERT INTO payments (id, user_id, kind, item, amount_cents, currency, event_id, created_at)
         VALUES (?, ?, ?, ?, ?, 'usd', ?, ?)`,
      ),
      createCheckout: sql.prepare(
        `INSERT INTO checkout_sessions (id, user_id, purchase_type, item, amount_cents, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?)`,
      ),
      checkout: sql.prepare('SELECT * FROM checkout_sessions WHERE id = ?'),
      setCheckout: sql.prepare(`UPDATE checkout_sessions SET status = ? WHERE id = ? AND status = 'open'`),
    };
  }

  async subscription(userId: string) {
    return toSub(this.s.byUser!.get(userId) as SubRow | undefined);
  }

  async subscriptionByProviderId(id: string) {
    return toSub(this.s.byProvider!.get(id) as SubRow | undefined);
  }

  async createCheckout(c: CheckoutSession) {
    const item = c.purchase.type === 'subscription' ? c.purchase.plan : c.purchase.productId;
    this.s.createCheckout!.run(c.id, c.userId, c.purchase.type, item, c.amountCents, c.createdAt.getTime());
  }

  async checkout(id: string): Promise<CheckoutSession | null> {
    const r = this.s.checkout!.get(id) as
      | {
          id: string;
          user_id: string;
          purchase_type: string;
          item: string;
          amount_cents: number;
          status: string;
          created_at: number;
        }
      | undefined;
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
    this.s.setCheckout!.run(status, id);
  }

  async apply(
    eventId: string,
    provider: string,
    kind: string,
    lookup: { userId: string | null; subscriptionId: string | null },
    decide: (current: StoredSubscription | null) => { effect: FulfilmentEffect; ledger: LedgerEntry | null },
    at: Date,
  ): Promise<'applied' | 'duplicate'> {
    const run = this.db.$client.transaction((): 'applied' | 'duplicate' => {
      // The event id is claimed first: a replay or a concurrent duplicate finds it taken.
      if (this.s.event!.run(eventId, provider, kind, at.getTime()).changes === 0) return 'duplicate';
      const current =
        (lookup.subscriptionId ? toSub(this.s.byProvider!.get(lookup.subscriptionId) as SubRow | undefined) : null) ??
        (lookup.userId ? toSub(this.s.byUser!.get(lookup.userId) as SubRow | undefined) : null);
      const { effect, ledger } = decide(current);
      const now = at.getTime();
      if (effect.type === 'subscription') {
        const n = effect.next;
        this.s.upsert!.run({
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
        this.s.balance!.run({ userId: effect.userId, superLikes: effect.superLikes, boosts: effect.boosts, now });
      }
      if (ledger) {
        this.s.ledger!.run(
          this.ids.newId(),
          ledger.userId,
          ledger.kind,
          ledger.item,
          ledger.amountCents,
          ledger.eventId,
          ledger.at.getTime(),
        );
      }
      return 'applied';
    });
    return run.immediate();
  }
}
