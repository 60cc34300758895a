import { useMutation } from '@tanstack/react-query';
import type { PlanId, ProductId } from '../../../../../core/billing/catalog';
import { PAYMENT_MESSAGES } from '../../../../../core/billing/payments';
import { toast } from '../../../components/ui/toast';
import { api, isApiError } from '../../../lib/api-client';
import { openPaymentPage, rememberPurchase } from './payment-page';

export const BILLING_MESSAGES = {
  ...PAYMENT_MESSAGES,
  // 001 §8 lists it beside "Failed to start payment": the one-time purchases of Manage Subscription use it.
  purchaseFailed: 'Failed to start purchase. Please try again.',
} as const;

/**
 * The spec's toast (001 §8), with the server's reason below it when it gave one (e.g. already Gold,
 * or 503 "Payments are not available right now." where a deployment takes no payments). A 500's
 * detail is only the generic fallback, so it is left out.
 */
export function paymentToast(error: unknown, message: string) {
  const detail = isApiError(error) && error.status !== 500 ? error.detail : '';
  toast.error(message, detail ? { description: detail } : undefined);
}

/** create-checkout (001 §7): a Gold plan; the returned URL opens in a new tab. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (priceType: PlanId) => {
      const { url } = await api('POST /api/payments/checkout', { body: { priceType } });
      rememberPurchase({ kind: 'plan', id: priceType });
      return { url, opened: openPaymentPage(url) };
    },
    onError: (error) => paymentToast(error, BILLING_MESSAGES.checkoutFailed),
  });
}

/** create-payment (001 §7): a one-time product at the price the server charges this buyer (D23). */
export function useStartPayment(failure: string = BILLING_MESSAGES.paymentFailed) {
  return useMutation({
    mutationFn: async (productId: ProductId) => {
      const { url } = await api('POST /api/payments/payment', { body: { productId } });
      rememberPurchase({ kind: 'product', id: productId });
      return { url, opened: openPaymentPage(url) };
    },
    onError: (error) => paymentToast(error, failure),
  });
}

/** customer-portal (001 §7): manage or cancel Gold; 409 when there is no subscription yet. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await api('POST /api/payments/portal');
      return { url, opened: openPaymentPage(url) };
    },
    onError: (error) => paymentToast(error, BILLING_MESSAGES.portalFailed),
  });
}
