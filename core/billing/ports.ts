/** Payment capabilities (D24): a gateway per provider, and the billing records. */
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type { PlanId, ProductId } from './catalog';
import type { Fulfilment, PaymentEvent, StoredSubscription } from './fulfilment';
import type { SubscriptionState } from './subscription-state';

export type Purchase = { type: 'subscription'; plan: PlanId } | { type: 'product'; productId: ProductId };

export type CheckoutSession = {
  id: string;
  userId: string;
  purchase: Purchase;
  amountCents: number;
  status: 'open' | 'completed' | 'cancelled';
  createdAt: Date;
};

export class WebhookSignatureError extends Error {}

export interface PaymentGateway {
  readonly provider: 'stripe' | 'local';
  startCheckout(input: {
    session: CheckoutSession;
    email: string;
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  portal(input: { userId: string; customerId: string | null; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies the signature and turns provider events into ours; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent[]>;
}

export interface BillingRepository {
  subscription(userId: string): Promise<StoredSubscription | null>;
  createCheckout(session: CheckoutSession): Promise<void>;
  checkout(id: string): Promise<CheckoutSession | null>;
  setCheckoutStatus(id: string, status: 'completed' | 'cancelled'): Promise<void>;
  /**
   * In one transaction: records the event id ('duplicate' when it was applied before, and nothing
   * else happens), gives `decide` the state of the provider subscription the event concerns (a
   * subscription recorded before per-subscription state existed comes from `fromStored`), keeps what
   * it returns, and rewrites the owner's Gold with `project` over all of their subscriptions' states.
   * Ledger entries whose owner was unknown are attributed once a state names them.
   */
  apply(input: {
    eventId: string;
    provider: string;
    kind: string;
    subscriptionId: string | null;
    at: Date;
    decide: (current: SubscriptionState | null) => Fulfilment;
    project: (userId: string, states: SubscriptionState[]) => StoredSubscription | null;
    fromStored: (stored: StoredSubscription) => SubscriptionState | null;
  }): Promise<'applied' | 'duplicate'>;
}

export type BillingDeps = {
  clock: Clock;
  ids: IdGenerator;
  billing: BillingRepository;
  gateway: PaymentGateway;
  appUrl: string;
  /** Told once per applied event when Gold renews or a renewal's payment fails (issue 19). */
  onSubscriptionEvent?: (userId: string, kind: SubscriptionNews) => Promise<void>;
};

export type SubscriptionNews = 'renewed' | 'payment_failed';
