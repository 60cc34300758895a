/** PostgreSQL billing records: subscriptions, checkouts, applied provider events and the ledger. */
import type { PlanId, ProductId } from '../../../core/billing/catalog';
import type { BillingRepository, CheckoutSession } from '../../../core/billing/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import {
  BILLING_SQL,
  type StateRow,
  type SubRow,
  stateParams,
  toState,
  toSub,
  userSubParams,
} from '../shared/billing-rows';
import type { PgSql } from './sql';

export class PostgresBillingRepository implements BillingRepository {
  private readonly s: Record<string, string>;

  constructor(
    private readonly sql: PgSql,
    private readonly ids: IdGenerator,
  ) {
    this.s = {
      byUser: 'SELECT * FROM subscriptions WHERE user_id = ?',
      balance: `INSERT INTO balances (user_id, super_likes, boosts, updated_at) VALUES (@userId, @superLikes, @boosts, @now)
         ON CONFLICT (user_id) DO UPDATE SET super_likes = balances.super_likes + excluded.super_likes,
           boosts = balances.boosts + excluded.boosts, updated_at = excluded.updated_at`,
      event:
        'INSERT INTO payment_events (event_id, provider, kind, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      createCheckout: `INSERT INTO checkout_sessions (id, user_id, purchase_type, item, amount_cents, status, created_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?)`,
      checkout: 'SELECT * FROM checkout_sessions WHERE id = ?',
      setCheckout: `UPDATE checkout_sessions SET status = ? WHERE id = ? AND status = 'open'`,
    };
  }

  async subscription(userId: string) {
    return toSub(await this.sql.get<SubRow>(this.s.byUser!, [userId]));
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

  async apply(input: Parameters<BillingRepository['apply']>[0]): Promise<'applied' | 'duplicate'> {
    const q = BILLING_SQL;
    return this.sql.transaction(async (tx): Promise<'applied' | 'duplicate'> => {
      // The event id is claimed first: a replay or a concurrent duplicate finds it taken (the
      // second insert waits on the first's unique key and then inserts nothing).
      const claimed = await tx.run(this.s.event!, [input.eventId, input.provider, input.kind, input.at.getTime()]);
      if (claimed.changes === 0) return 'duplicate';
      const id = input.subscriptionId;
      // A subscription may have no row yet (its first event is being applied): lock its id (N31).
      if (id) await tx.lockKey(`billing:subscription:${id}`);
      const stored = id ? toSub(await tx.get<SubRow>(q.storedByProvider, [id])) : null;
      const current = id
        ? (toState(await tx.get<StateRow>(q.state, [id])) ?? (stored ? input.fromStored(stored) : null))
        : null;
      const { subscription, balance, ledger } = input.decide(current);
      const now = input.at.getTime();
      if (balance) await tx.run(this.s.balance!, { ...balance, now });
      if (ledger) {
        await tx.run(q.ledger, [
          this.ids.newId(),
          ledger.userId,
          ledger.subscriptionId,
          ledger.kind,
          ledger.item,
          ledger.amountCents,
          ledger.eventId,
          ledger.at.getTime(),
        ]);
      }
      if (subscription) {
        await tx.run(q.saveState, stateParams(subscription, input.at));
        const userId = subscription.userId;
        if (userId) {
          // Events of the user's other subscriptions rewrite the same Gold row: one at a time, and
          // each reads the states the others committed (subscription lock first, then user: no cycle).
          await tx.lockKey(`billing:user:${userId}`);
          await tx.run(q.attributeLedger, [userId, subscription.subscriptionId]);
          const states = (await tx.all<StateRow>(q.statesOf, [userId])).flatMap((r) => toState(r) ?? []);
          const next = input.project(userId, states);
          if (next && (await tx.get(q.userExists, [userId])))
            await tx.run(q.saveUserSub, userSubParams(next, input.at));
        }
      }
      return 'applied';
    });
  }
}
