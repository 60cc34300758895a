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
import { type BillingDeps, WebhookSignatureError } from '../../../core/billing/ports';
import { DomainError } from '../../../core/shared/errors';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './billing.routes';
import { checkoutPage, portalPage } from './local-pages';

export function billingRouter(deps: BillingDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.catalogRoute, async (c) => {
    const user = requireUser(c);
    const gold = isPremium(await deps.billing.subscription(user.id), deps.clock.now());
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
    const { url } = unwrap(await startSubscriptionCheckout(deps, user, c.req.valid('json').priceType));
    return c.json({ url }, 200);
  });

  app.openapi(routes.paymentRoute, async (c) => {
    const user = requireUser(c);
    const { url } = unwrap(await startProductPayment(deps, user, c.req.valid('json').productId));
    return c.json({ url }, 200);
  });

  app.openapi(routes.portalRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await openPortal(deps, user.id)), 200);
  });

  app.openapi(routes.webhookRoute, async (c) => {
    try {
      const result = await handleWebhook(deps, await c.req.text(), c.req.valid('header')['stripe-signature']);
      return c.json(result, 200);
    } catch (e) {
      if (e instanceof WebhookSignatureError) {
        throw new DomainFailure(new DomainError('PAYMENTS.BAD_SIGNATURE', 'Webhook signature verification failed.'));
      }
      throw e;
    }
  });

  if (deps.gateway.provider === 'local') {
    app.openapi(routes.localCheckoutPageRoute, async (c) => {
      const user = requireUser(c);
      const session = await deps.billing.checkout(c.req.valid('param').sessionId);
      if (session?.userId !== user.id) throw new DomainFailure(paymentErrors.notFound());
      return c.html(checkoutPage(session), 200);
    });

    app.openapi(routes.localPayRoute, async (c) => {
      const user = requireUser(c);
      const session = unwrap(await completeLocalCheckout(deps, user.id, c.req.valid('param').sessionId));
      return c.redirect(`/success?session_id=${encodeURIComponent(session.id)}`, 303);
    });

    app.openapi(routes.localCancelRoute, async (c) => {
      const user = requireUser(c);
      unwrap(await cancelLocalCheckout(deps, user.id, c.req.valid('param').sessionId));
      return c.redirect('/upgrade?canceled=1', 303);
    });

    app.openapi(routes.localPortalPageRoute, async (c) => {
      const user = requireUser(c);
      const sub = await deps.billing.subscription(user.id);
      if (!sub?.providerSubscriptionId) throw new DomainFailure(paymentErrors.noSubscription());
      return c.html(portalPage(sub), 200);
    });

    for (const [route, cancel] of [
      [routes.localPortalCancelRoute, true],
      [routes.localPortalResumeRoute, false],
    ] as const) {
      app.openapi(route, async (c) => {
        const user = requireUser(c);
        unwrap(await setLocalCancellation(deps, user.id, cancel));
        return c.redirect('/manage-subscription', 303);
      });
    }
  }
  return app;
}
