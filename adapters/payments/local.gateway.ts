/**
 * The offline payment twin (D24): a local checkout page with Pay and Cancel, completed through
 * the same fulfilment code as Stripe. Used outside production when no Stripe key is set (and in
 * end-to-end tests); production never falls back to it, since it grants Gold without payment (issue 14).
 */
import type { PaymentGateway } from '../../core/billing/ports';
import { WebhookSignatureError } from '../../core/billing/ports';

export class LocalPaymentGateway implements PaymentGateway {
  readonly provider = 'local' as const;

  constructor(private readonly appUrl: string) {}

  async startCheckout(input: Parameters<PaymentGateway['startCheckout']>[0]) {
    return { url: `${this.appUrl}/api/payments/local/checkout/${input.session.id}` };
  }

  async portal() {
    return { url: `${this.appUrl}/api/payments/local/portal` };
  }

  async parseWebhook(): Promise<never> {
    throw new WebhookSignatureError('The local payment twin sends no webhooks.');
  }
}
