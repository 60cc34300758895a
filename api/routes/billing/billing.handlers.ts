import { OpenAPIHono } from '@hono/zod-openapi';
import { PLANS, PRODUCTS, productPrice } from '../../../core/billing/catalog';
import { isPremium } from '../../../core/billing/entitlements';
import {
  cancelLocalCheckout,
  completeLocalCheckout,
  handleWebhook,
  openPortal,
  paymentErrors,
  setLocalCancellation,
  startProductPayment,
  startSubscriptionCheckout,
} from '../../../core/billing/payments';
import { type BillingDeps, type PaymentGateway, WebhookSignatureError } from '../../../core/billing/ports';
import { DomainError } from '../../../core/shared/errors';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { type LimitDeps, spendPerActor } from '../../middleware/rate-limit';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './billing.routes';
import { checkoutPage, portalPage } from './local-pages';

/** The product's answer when this deployment takes no payments (D24 addendum, issue 14). */
export const paymentsUnavailable = () =>
  new DomainError('PAYMENTS.UNAVAILABLE', 'Payments are not available right now.');

/**
 * `gateway` is null in production without Stripe keys: the offline twin would hand out Gold for
 * nothing there, so purchases answer 503 and the twin's routes are not mounted (issue 14).
 */
export function billingRouter(
  options: Omit<BillingDeps, 'gateway'> & { gateway: PaymentGateway | null } & Omit<LimitDeps, 'clock'>,
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { gateway } = options;
  const payments = (): BillingDeps => {
    if (!gateway) throw new DomainFailure(paymentsUnavailable());
    return { ...options, gateway };
  };
  /**
   * Checkout, payment and portal store a checkout or call Stripe each time (issue 14 item 7): one
   * budget per buyer and per address, spent after the 503 of a deployment without payments, so
   * asking there costs nothing. The webhook is not limited: Stripe signs it and retries it.
   */
  const purchase = async (c: Parameters<typeof spendPerActor>[1]): Promise<BillingDeps> => {
    const deps = payments();
    await spendPerActor(options, c, 'purchase', WRITE_LIMITS.purchasesPerUser, WRITE_LIMITS.purchasesPerIp);
    return deps;
  };

  app.openapi(routes.catalogRoute, async (c) => {
    const user = requireUser(c);
    const gold = isPremium(await options.billing.subscription(user.id), options.clock.now());
    return c.json(
      {
        isGold: gold,
        plans: Object.entries(PLANS).map(([id, p]) => ({ id, name: p.name, priceCents: p.priceCents, note: p.note })),
        products: Object.entries(PRODUCTS).map(([id, p]) => ({
          id,
          name: p.name,
          listCents: p.listCents,
          memberCents: p.memberCents,
          yourPriceCents: productPrice(id as keyof typeof PRODUCTS, gold),
          note: p.note,
        })),
      },
      200,
    );
  });

  app.openapi(routes.checkoutRoute, async (c) => {
    const user = requireUser(c);
    const { url } = unwrap(await startSubscriptionCheckout(await purchase(c), user, c.req.valid('json').priceType));
    return c.json({ url }, 200);
  });

  app.openapi(routes.paymentRoute, async (c) => {
    const user = requireUser(c);
    const { url } = unwrap(await startProductPayment(await purchase(c), user, c.req.valid('json').productId));
    return c.json({ url }, 200);
  });

  app.openapi(routes.portalRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await openPortal(await purchase(c), user.id)), 200);
  });

  app.openapi(routes.webhookRoute, async (c) => {
    try {
      const result = await handleWebhook(payments(), await c.req.text(), c.req.valid('header')['stripe-signature']);
      return c.json(result, 200);
    } catch (e) {
      if (e instanceof WebhookSignatureError) {
        throw new DomainFailure(new DomainError('PAYMENTS.BAD_SIGNATURE', 'Webhook signature verification failed.'));
      }
      throw e;
    }
  });

  if (gateway?.provider === 'local') {
    const local = { ...options, gateway };
    app.openapi(routes.localCheckoutPageRoute, async (c) => {
      const user = requireUser(c);
      const session = await local.billing.checkout(c.req.valid('param').sessionId);
      if (session?.userId !== user.id) throw new DomainFailure(paymentErrors.notFound());
      return c.html(checkoutPage(session), 200);
    });

    app.openapi(routes.localPayRoute, async (c) => {
      const user = requireUser(c);
      const session = unwrap(await completeLocalCheckout(local, user.id, c.req.valid('param').sessionId));
      return c.redirect(`/success?session_id=${encodeURIComponent(session.id)}`, 303);
    });

    app.openapi(routes.localCancelRoute, async (c) => {
      const user = requireUser(c);
      unwrap(await cancelLocalCheckout(local, user.id, c.req.valid('param').sessionId));
      return c.redirect('/upgrade?canceled=1', 303);
    });

    app.openapi(routes.localPortalPageRoute, async (c) => {
      const user = requireUser(c);
      const sub = await local.billing.subscription(user.id);
      if (!sub?.providerSubscriptionId) throw new DomainFailure(paymentErrors.noSubscription());
      return c.html(portalPage(sub), 200);
    });

    for (const [route, cancel] of [
      [routes.localPortalCancelRoute, true],
      [routes.localPortalResumeRoute, false],
    ] as const) {
      app.openapi(route, async (c) => {
        const user = requireUser(c);
        unwrap(await setLocalCancellation(local, user.id, cancel));
        return c.redirect('/manage-subscription', 303);
      });
    }
  }
  return app;
}
