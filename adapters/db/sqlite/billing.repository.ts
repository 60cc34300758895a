/** SQLite billing records: subscriptions, checkouts, applied provider events and the ledger. */
import type { Statement } from 'better-sqlite3';
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
      balance: sql.prepare(
        `INSERT INTO balances (user_id, super_likes, boosts, updated_at) VALUES (@userId, @superLikes, @boosts, @now)
         ON CONFLICT (user_id) DO UPDATE SET super_likes = super_likes + excluded.super_likes,
           boosts = boosts + excluded.boosts, updated_at = excluded.updated_at`,
      ),
      event: sql.prepare(
        'INSERT OR IGNORE INTO payment_events (event_id, provider, kind, received_at) VALUES (?, ?, ?, ?)',
      ),
      state: sql.prepare(BILLING_SQL.state),
      statesOf: sql.prepare(BILLING_SQL.statesOf),
      saveState: sql.prepare(BILLING_SQL.saveState),
      userExists: sql.prepare(BILLING_SQL.userExists),
      saveUserSub: sql.prepare(BILLING_SQL.saveUserSub),
      storedByProvider: sql.prepare(BILLING_SQL.storedByProvider),
      attributeLedger: sql.prepare(BILLING_SQL.attributeLedger),
      ledger: sql.prepare(BILLING_SQL.ledger),
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

  async apply(input: Parameters<BillingRepository['apply']>[0]): Promise<'applied' | 'duplicate'> {
    const run = this.db.$client.transaction((): 'applied' | 'duplicate' => {
      // The event id is claimed first: a replay or a concurrent duplicate finds it taken.
      if (this.s.event!.run(input.eventId, input.provider, input.kind, input.at.getTime()).changes === 0) {
        return 'duplicate';
      }
      const id = input.subscriptionId;
      const stored = id ? toSub(this.s.storedByProvider!.get(id) as SubRow | undefined) : null;
      const current = id
        ? (toState(this.s.state!.get(id) as StateRow | undefined) ?? (stored ? input.fromStored(stored) : null))
        : null;
      const { subscription, balance, ledger } = input.decide(current);
      const now = input.at.getTime();
      if (balance) this.s.balance!.run({ ...balance, now });
      if (ledger) {
        this.s.ledger!.run(
          this.ids.newId(),
          ledger.userId,
          ledger.subscriptionId,
          ledger.kind,
          ledger.item,
          ledger.amountCents,
          ledger.eventId,
          ledger.at.getTime(),
        );
      }
      if (subscription) {
        this.s.saveState!.run(stateParams(subscription, input.at));
        const userId = subscription.userId;
        if (userId) {
          this.s.attributeLedger!.run(userId, subscription.subscriptionId);
          const states = (this.s.statesOf!.all(userId) as StateRow[]).flatMap((r) => toState(r) ?? []);
          const next = input.project(userId, states);
          if (next && this.s.userExists!.get(userId)) this.s.saveUserSub!.run(userSubParams(next, input.at));
        }
      }
      return 'applied';
    });
    return run.immediate();
  }
}
