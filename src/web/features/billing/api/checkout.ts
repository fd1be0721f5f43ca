import {
  CheckoutSchema,
  ConfirmedPaymentSchema,
  type Checkout,
  type ConfirmPaymentInput,
} from '../../../../shared/billing';
import { postJson } from '../../../lib/api';

export const createCheckout = () => postJson('/api/billing/checkout', CheckoutSchema, {});

export const confirmPayment = (input: ConfirmPaymentInput) =>
  postJson('/api/billing/confirm', ConfirmedPaymentSchema, input);

/** What the provider's inline script calls back with (and what PipLens's sandbox stand-in mimics). */
export interface CheckoutCallbackData {
  status?: string;
  transaction_id?: number | string;
  tx_ref?: string;
}

interface InlineCheckoutOptions {
  public_key: string;
  tx_ref: string;
  amount: number;
  currency: string;
  payment_options: string;
  customer: { email: string; name: string };
  customizations: { title: string; description: string; logo: string };
  callback: (data: CheckoutCallbackData) => void;
  onclose: (incomplete?: boolean) => void;
}

declare global {
  interface Window {
    FlutterwaveCheckout?: (options: InlineCheckoutOptions) => unknown;
  }
}

/** Loads the provider's inline script once; resolves when window.FlutterwaveCheckout exists. */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.FlutterwaveCheckout) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[data-checkout="${CSS.escape(src)}"]`);
    const script = existing ?? document.createElement('script');
    const fail = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', fail, { once: true });
    if (!existing) {
      script.src = src;
      script.async = true;
      script.dataset.checkout = src;
      document.head.append(script);
    }
  });
}

export function openCheckout(
  checkout: Checkout,
  handlers: Pick<InlineCheckoutOptions, 'callback' | 'onclose'>,
): boolean {
  const open = window.FlutterwaveCheckout;
  if (typeof open !== 'function') return false;
  open({
    public_key: checkout.publicKey,
    tx_ref: checkout.txRef,
    amount: checkout.amount,
    currency: checkout.currency,
    payment_options: checkout.paymentOptions,
    customer: checkout.customer,
    customizations: checkout.customizations,
    ...handlers,
  });
  return true;
}
