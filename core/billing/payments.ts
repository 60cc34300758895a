/** Checkout, one-time payments, the customer portal and webhooks (001 §7 functions; D23, D24). */
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { addMonths as addPeriod, PLANS, type PlanId, type ProductId, productPrice } from './catalog';
import { isPremium } from './entitlements';
import { fulfil, type PaymentEvent, stateFromStored, subscriptionIdOf, userSubscription } from './fulfilment';
import type { BillingDeps, CheckoutSession, Purchase, SubscriptionNews } from './ports';

export const PAYMENT_MESSAGES = {
  checkoutFailed: 'Failed to start checkout. Please try again.',
  paymentFailed: 'Failed to start payment. Please try again.',
  portalFailed: 'Failed to open customer portal. Please try again.',
  noSubscription: 'You do not have a Gold subscription to manage yet.',
  alreadyGold: 'You already have Gold. Manage your plan from Manage Subscription.',
  checkoutGone: 'This checkout has already been completed or cancelled.',
} as const;

export const paymentErrors = {
  noSubscription: () => new DomainError('PAYMENTS.NO_SUBSCRIPTION', PAYMENT_MESSAGES.noSubscription),
  alreadyGold: () => new DomainError('PAYMENTS.ALREADY_GOLD', PAYMENT_MESSAGES.alreadyGold),
  checkoutGone: () => new DomainError('PAYMENTS.CHECKOUT_CLOSED', PAYMENT_MESSAGES.checkoutGone),
  notFound: () => new DomainError('PAYMENTS.CHECKOUT_NOT_FOUND', 'Checkout not found.'),
};

async function start(
  deps: BillingDeps,
  user: { id: string; email: string },
  purchase: Purchase,
  amountCents: number,
): Promise<Result<{ url: string; sessionId: string }, DomainError>> {
  const session: CheckoutSession = {
    id: deps.ids.newId(),
    userId: user.id,
    purchase,
    amountCents,
    status: 'open',
    createdAt: deps.clock.now(),
  };
  await deps.billing.createCheckout(session);
  const sub = await deps.billing.subscription(user.id);
  const { url } = await deps.gateway.startCheckout({
    session,
    email: user.email,
    customerId: sub?.customerId ?? null,
    successUrl: `${deps.appUrl}/success`,
    cancelUrl: `${deps.appUrl}/upgrade?canceled=1`,
  });
  return ok({ url, sessionId: session.id });
}

/** create-checkout (001 §7): Gold monthly or yearly at the catalogue price. */
export async function startSubscriptionCheckout(deps: BillingDeps, user: { id: string; email: string }, plan: PlanId) {
  const sub = await deps.billing.subscription(user.id);
  // A plan cancelled at period end is still Gold until then: resume it in the portal rather than
  // start a second subscription next to it.
  if (sub && isPremium(sub, deps.clock.now())) return err(paymentErrors.alreadyGold());
  return start(deps, user, { type: 'subscription', plan }, PLANS[plan].priceCents);
}

/** create-payment (001 §7): the price depends on the buyer's status at checkout time (D23). */
export async function startProductPayment(
  deps: BillingDeps,
  user: { id: string; email: string },
  productId: ProductId,
) {
  const gold = isPremium(await deps.billing.subscription(user.id), deps.clock.now());
  return start(deps, user, { type: 'product', productId }, productPrice(productId, gold));
}

export async function openPortal(deps: BillingDeps, userId: string): Promise<Result<{ url: string }, DomainError>> {
  const sub = await deps.billing.subscription(userId);
  if (!sub?.providerSubscriptionId) return err(paymentErrors.noSubscription());
  return ok(
    await deps.gateway.portal({ userId, customerId: sub.customerId, returnUrl: `${deps.appUrl}/manage-subscription` }),
  );
}

/**
 * Applies one event exactly once; its subscription ends in the same state whatever the order (issue
 * 14). A renewal paid or failed is news for its owner, told once, when the event is first applied.
 */
export async function applyPaymentEvent(
  deps: Pick<BillingDeps, 'billing' | 'gateway' | 'clock' | 'onSubscriptionEvent'>,
  event: PaymentEvent,
) {
  let owner: string | null = null;
  const outcome = await deps.billing.apply({
    eventId: event.eventId,
    provider: deps.gateway.provider,
    kind: event.kind,
    subscriptionId: subscriptionIdOf(event),
    at: deps.clock.now(),
    decide: (current) => {
      const fulfilment = fulfil(event, current);
      owner = fulfilment.subscription?.userId ?? current?.userId ?? event.userId ?? null;
      return fulfilment;
    },
    project: userSubscription,
    fromStored: stateFromStored,
  });
  const news = newsOf(event);
  if (outcome === 'applied' && owner && news) await deps.onSubscriptionEvent?.(owner, news);
  return outcome;
}

function newsOf(event: PaymentEvent): SubscriptionNews | null {
  if (event.kind === 'invoice.paid') return event.firstInvoice ? null : 'renewed';
  return event.kind === 'invoice.payment_failed' ? 'payment_failed' : null;
}

export async function handleWebhook(
  deps: Pick<BillingDeps, 'billing' | 'gateway' | 'clock' | 'onSubscriptionEvent'>,
  raw: string,
  signature: string | undefined,
) {
  const events = await deps.gateway.parseWebhook(raw, signature);
  let applied = 0;
  for (const event of events) if ((await applyPaymentEvent(deps, event)) === 'applied') applied++;
  return { received: events.length, applied };
}

/** The local twin's Pay button (D24): completes our own checkout record through the same fulfilment. */
export async function completeLocalCheckout(
  deps: BillingDeps,
  userId: string,
  sessionId: string,
): Promise<Result<CheckoutSession, DomainError>> {
  const session = await deps.billing.checkout(sessionId);
  if (session?.userId !== userId) return err(paymentErrors.notFound());
  if (session.status !== 'open') return err(paymentErrors.checkoutGone());
  const now = deps.clock.now();
  const purchase = session.purchase;
  await applyPaymentEvent(deps, {
    kind: 'checkout.completed',
    eventId: `local_${session.id}`,
    userId,
    occurredAt: now,
    amountCents: session.amountCents,
    customerId: `local_customer_${userId}`,
    purchase:
      purchase.type === 'subscription'
        ? {
            type: 'subscription',
            plan: purchase.plan,
            subscriptionId: `local_sub_${session.id}`,
            periodEnd: addPeriod(now, PLANS[purchase.plan].months),
          }
        : purchase,
  });
  await deps.billing.setCheckoutStatus(session.id, 'completed');
  return ok({ ...session, status: 'completed' });
}

export async function cancelLocalCheckout(deps: BillingDeps, userId: string, sessionId: string) {
  const session = await deps.billing.checkout(sessionId);
  if (session?.userId !== userId) return err(paymentErrors.notFound());
  if (session.status === 'open') await deps.billing.setCheckoutStatus(session.id, 'cancelled');
  return ok({ cancelled: true as const });
}

/** The local twin's portal: cancel at period end, or resume. */
export async function setLocalCancellation(deps: BillingDeps, userId: string, cancel: boolean) {
  const sub = await deps.billing.subscription(userId);
  if (!sub?.providerSubscriptionId) return err(paymentErrors.noSubscription());
  await applyPaymentEvent(deps, {
    kind: 'subscription.updated',
    eventId: `local_${deps.ids.newId()}`,
    occurredAt: deps.clock.now(),
    subscriptionId: sub.providerSubscriptionId,
    customerId: sub.customerId,
    userId,
    active: true,
    periodEnd: sub.subscriptionEnd,
    cancelAtPeriodEnd: cancel,
  });
  return ok({ cancelled: cancel });
}
