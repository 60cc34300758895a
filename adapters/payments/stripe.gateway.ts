/**
 * Stripe (D24): Checkout Sessions for Gold and one-time products, the Customer Portal, and
 * signed webhooks mapped to our payment events. Prices come from our catalogue as price_data.
 */
import Stripe from 'stripe';
import { addMonths, isPlanId, isProductId, PLANS, PRODUCTS } from '../../core/billing/catalog';
import type { PaymentEvent } from '../../core/billing/fulfilment';
import { type PaymentGateway, WebhookSignatureError } from '../../core/billing/ports';

const seconds = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);

/** current_period_end moved from the subscription to its items in newer API versions. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return seconds(legacy ?? sub.items?.data?.[0]?.current_period_end);
}

/** Which of our plans a subscription's price is: a plan change in the portal moves it. */
function planOf(sub: Stripe.Subscription): 'monthly' | 'yearly' | null {
  const recurring = sub.items?.data?.[0]?.price?.recurring;
  if (recurring?.interval_count !== undefined && recurring.interval_count !== 1) return null;
  if (recurring?.interval === 'month') return 'monthly';
  if (recurring?.interval === 'year') return 'yearly';
  return null;
}

/** The userId we put on the subscription's metadata, which Stripe copies onto its invoices. */
function invoiceUserId(inv: Stripe.Invoice): string | null {
  const legacy = (inv as unknown as { subscription_details?: { metadata?: Record<string, string> | null } })
    .subscription_details;
  return inv.parent?.subscription_details?.metadata?.userId ?? legacy?.metadata?.userId ?? null;
}

function invoiceSubscription(inv: Stripe.Invoice): string | null {
  const legacy = (inv as unknown as { subscription?: string | { id: string } | null }).subscription;
  const fromParent = inv.parent?.subscription_details?.subscription;
  const ref = legacy ?? fromParent ?? null;
  return typeof ref === 'string' ? ref : (ref?.id ?? null);
}

export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
  ) {
    this.stripe = new Stripe(secretKey);
  }

  async startCheckout(input: Parameters<PaymentGateway['startCheckout']>[0]) {
    const { session } = input;
    const p = session.purchase;
    const customer = input.customerId && !input.customerId.startsWith('local_') ? input.customerId : undefined;
    const common = {
      client_reference_id: session.userId,
      metadata: {
        userId: session.userId,
        checkoutId: session.id,
        item: p.type === 'subscription' ? p.plan : p.productId,
      },
      success_url: `${input.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: input.cancelUrl,
      ...(customer ? { customer } : { customer_email: input.email }),
    };
    const created =
      p.type === 'subscription'
        ? await this.stripe.checkout.sessions.create({
            ...common,
            mode: 'subscription',
            subscription_data: { metadata: { userId: session.userId } },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: session.amountCents,
                  recurring: { interval: PLANS[p.plan].months === 12 ? 'year' : 'month' },
                  product_data: { name: PLANS[p.plan].name },
                },
              },
            ],
          })
        : await this.stripe.checkout.sessions.create({
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: session.amountCents,
                  product_data: { name: PRODUCTS[p.productId].name },
                },
              },
            ],
          });
    if (!created.url) throw new Error('Stripe returned no checkout URL');
    return { url: created.url };
  }

  async portal(input: { customerId: string | null; returnUrl: string }) {
    if (!input.customerId) throw new Error('no Stripe customer');
    const s = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: s.url };
  }

  async parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent[]> {
    if (!this.webhookSecret || !signature) throw new WebhookSignatureError('Missing webhook signature.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (e) {
      throw new WebhookSignatureError(e instanceof Error ? e.message : 'Bad webhook signature.');
    }
    return toPaymentEvents(event);
  }
}

/**
 * Stripe events → ours; events we do not act on map to nothing. Stripe does not deliver in order:
 * `created` (seconds) is the provider's time each event is merged by (issue 14).
 */
export function toPaymentEvents(event: Stripe.Event): PaymentEvent[] {
  const occurredAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      const userId = s.metadata?.userId ?? s.client_reference_id;
      const item = s.metadata?.item ?? '';
      if (!userId || s.payment_status === 'unpaid') return [];
      const customerId = typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null);
      if (s.mode === 'subscription' && isPlanId(item)) {
        const subscriptionId = typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? '');
        return [
          {
            kind: 'checkout.completed',
            eventId: event.id,
            userId,
            occurredAt,
            amountCents: s.amount_total ?? 0,
            customerId,
            // Provisional until the subscription's own events give the exact period end.
            purchase: {
              type: 'subscription',
              plan: item,
              subscriptionId,
              periodEnd: addMonths(occurredAt, PLANS[item].months),
            },
          },
        ];
      }
      if (s.mode === 'payment' && isProductId(item)) {
        return [
          {
            kind: 'checkout.completed',
            eventId: event.id,
            userId,
            occurredAt,
            amountCents: s.amount_total ?? 0,
            customerId,
            purchase: { type: 'product', productId: item },
          },
        ];
      }
      return [];
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return [
        {
          kind: event.type === 'customer.subscription.deleted' ? 'subscription.deleted' : 'subscription.updated',
          eventId: event.id,
          occurredAt,
          subscriptionId: sub.id,
          customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
          userId: sub.metadata?.userId ?? null,
          plan: planOf(sub),
          active: ['active', 'trialing', 'past_due'].includes(sub.status),
          periodEnd: periodEnd(sub),
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        },
      ];
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      const subscriptionId = invoiceSubscription(inv);
      if (!subscriptionId) return [];
      return [
        {
          kind: event.type,
          eventId: event.id,
          occurredAt,
          subscriptionId,
          userId: invoiceUserId(inv),
          firstInvoice: inv.billing_reason === 'subscription_create',
          periodEnd: seconds(inv.lines?.data?.[0]?.period?.end),
          amountCents: inv.amount_paid ?? 0,
        },
      ];
    }
    default:
      return [];
  }
}
