/** Contracts of payments (issue 6; 001 §7 create-checkout, create-payment, customer-portal). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Payments'];
const Url = jsonResponse(z.object({ url: z.string() }), 'Open this URL (in a new tab)');
const Html = { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } };
const SessionParam = z.object({ sessionId: z.string().max(100) });

export const catalogRoute = createRoute({
  method: 'get',
  path: '/api/payments/catalog',
  tags,
  summary: 'Gold plans and one-time products with the prices this user would pay (D23)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        isGold: z.boolean(),
        plans: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number(), note: z.string() })),
        products: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            listCents: z.number(),
            memberCents: z.number(),
            yourPriceCents: z.number(),
            note: z.string(),
          }),
        ),
      }),
      'Catalogue',
    ),
    ...problems([401]),
  },
});

export const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/payments/checkout',
  tags,
  summary: 'Start a Gold checkout (create-checkout)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ priceType: z.enum(['monthly', 'yearly']) })) },
  responses: { 200: Url, ...problems([401, 409, 429], { body: true, mutating: true }) },
});

export const paymentRoute = createRoute({
  method: 'post',
  path: '/api/payments/payment',
  tags,
  summary: 'Start a one-time purchase (create-payment)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    body: jsonBody(z.strictObject({ productId: z.enum(['5_super_likes', '15_super_likes', 'profile_boost']) })),
  },
  responses: { 200: Url, ...problems([401, 429], { body: true, mutating: true }) },
});

export const portalRoute = createRoute({
  method: 'post',
  path: '/api/payments/portal',
  tags,
  summary: 'Open the customer portal to manage or cancel Gold (customer-portal)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: Url, ...problems([401, 409, 429], { mutating: true }) },
});

export const webhookRoute = createRoute({
  method: 'post',
  path: '/api/payments/webhook',
  tags,
  summary: 'Stripe webhook: verified by signature, fulfilled exactly once per event id',
  'x-access': 'anonymous',
  request: { headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }) },
  responses: {
    200: jsonResponse(z.object({ received: z.number(), applied: z.number() }), 'Accepted'),
    ...problems([400], { mutating: true }),
  },
});

export const localCheckoutPageRoute = createRoute({
  method: 'get',
  path: '/api/payments/local/checkout/{sessionId}',
  tags: ['Payments (local twin)'],
  summary: 'The offline checkout page with Pay and Cancel (no Stripe key configured)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: SessionParam },
  responses: { 200: Html, ...problems([400, 401, 404]) },
});

export const localPayRoute = createRoute({
  method: 'post',
  path: '/api/payments/local/checkout/{sessionId}/pay',
  tags: ['Payments (local twin)'],
  summary: 'Pay: completes the checkout through the same fulfilment as Stripe',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: SessionParam },
  responses: { 303: { description: 'To /success' }, ...problems([400, 401, 404, 409], { mutating: true }) },
});

export const localCancelRoute = createRoute({
  method: 'post',
  path: '/api/payments/local/checkout/{sessionId}/cancel',
  tags: ['Payments (local twin)'],
  summary: 'Cancel the checkout',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: SessionParam },
  responses: { 303: { description: 'Back to /upgrade' }, ...problems([400, 401, 404], { mutating: true }) },
});

export const localPortalPageRoute = createRoute({
  method: 'get',
  path: '/api/payments/local/portal',
  tags: ['Payments (local twin)'],
  summary: 'The offline customer portal',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: Html, ...problems([401, 409]) },
});

const portalAction = (action: 'cancel' | 'resume', summary: string) =>
  createRoute({
    method: 'post',
    path: `/api/payments/local/portal/${action}`,
    tags: ['Payments (local twin)'],
    summary,
    'x-access': 'user',
    security: SESSION_SECURITY,
    responses: { 303: { description: 'Back to /manage-subscription' }, ...problems([401, 409], { mutating: true }) },
  });

export const localPortalCancelRoute = portalAction('cancel', 'Cancel Gold at the end of the period');
export const localPortalResumeRoute = portalAction('resume', 'Resume a cancelled Gold subscription');
