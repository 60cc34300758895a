/** Payment capabilities (D24): a gateway per provider, and the billing records. */
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type { PlanId, ProductId } from './catalog';
import type { FulfilmentEffect, LedgerEntry, PaymentEvent, StoredSubscription } from './fulfilment';

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
  subscriptionByProviderId(providerSubscriptionId: string): Promise<StoredSubscription | null>;
  createCheckout(session: CheckoutSession): Promise<void>;
  checkout(id: string): Promise<CheckoutSession | null>;
  setCheckoutStatus(id: string, status: 'completed' | 'cancelled'): Promise<void>;
  /**
   * Records the event id and applies what `decide` returns, in one transaction; 'duplicate' when
   * the event was applied before (the effect is then not applied again).
   */
  apply(
    eventId: string,
    provider: string,
    kind: string,
    userIdForLookup: { userId: string | null; subscriptionId: string | null },
    decide: (current: StoredSubscription | null) => { effect: FulfilmentEffect; ledger: LedgerEntry | null },
    at: Date,
  ): Promise<'applied' | 'duplicate'>;
}

export type BillingDeps = {
  clock: Clock;
  ids: IdGenerator;
  billing: BillingRepository;
  gateway: PaymentGateway;
  appUrl: string;
};
