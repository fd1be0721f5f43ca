import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { saveRedirectAfterAuth } from '../../lib/redirect-after-auth';
import { useAuth } from '../accounts/auth-context';
import {
  confirmPayment,
  createCheckout,
  loadCheckoutScript,
  openCheckout,
  type CheckoutCallbackData,
} from './api/checkout';
import { subscriptionKeys } from './use-subscription';

const TOASTS = {
  setupError: { title: 'Payment setup error', description: 'Unable to initialize payment. Please try again later.' },
  gatewayError: {
    title: 'Payment gateway error',
    description: 'Unable to load payment processor. Please try again later.',
  },
  notAvailable: {
    title: 'Payment processor not available',
    description: 'Unable to initialize payment gateway. Please try again later.',
  },
  authRequired: { title: 'Authentication required', description: 'Please login before subscribing.' },
  failed: { title: 'Payment failed', description: 'There was an issue with your payment. Please try again.' },
  notActivated: {
    title: 'Error activating subscription',
    description: "Payment was successful but we couldn't activate your subscription. Please contact support.",
  },
} as const;

const fail = (message: { title: string; description: string }) => toast({ ...message, variant: 'destructive' });

/** The provider reports success as 'successful' (and 'completed' on some methods). */
const isSuccess = (data: CheckoutCallbackData) => data.status === 'successful' || data.status === 'completed';

/**
 * Subscribe / Get Premium (SPEC §4 payment flow): signed out, remember /subscription and log in;
 * signed in, create the payment on the server, load the checkout, and on its success callback let
 * the server verify and activate. Loading stays on until the callback or the close.
 */
export function useStartPayment() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoading, setLoading] = useState(false);
  const inFlight = useRef(false);

  const finish = () => {
    inFlight.current = false;
    setLoading(false);
  };

  async function onCallback(data: CheckoutCallbackData, txRef: string) {
    if (!isSuccess(data) || data.transaction_id === undefined) {
      fail(TOASTS.failed);
      finish();
      return;
    }
    try {
      await confirmPayment({ transactionId: data.transaction_id, txRef: data.tx_ref ?? txRef });
      toast({
        title: 'Subscription activated',
        description: 'Thank you for subscribing to Premium!',
        variant: 'success',
      });
    } catch (error) {
      // An answer off its contract may be a 200: the payment may have gone through.
      const unreachable =
        !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500 || error.code === 'BAD_RESPONSE';
      fail(unreachable ? TOASTS.notActivated : TOASTS.failed);
    } finally {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.status });
      finish();
    }
  }

  async function startPayment() {
    if (!user) {
      saveRedirectAfterAuth(href.subscription);
      void navigate(href.login);
      return;
    }
    if (inFlight.current) return; // a double click opens one checkout
    inFlight.current = true;
    setLoading(true);

    let checkout;
    try {
      checkout = await createCheckout();
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      fail(status === 401 ? TOASTS.authRequired : status === 503 ? TOASTS.notAvailable : TOASTS.setupError);
      finish();
      return;
    }
    try {
      await loadCheckoutScript(checkout.scriptUrl);
    } catch {
      fail(TOASTS.gatewayError);
      finish();
      return;
    }
    let settled = false;
    const opened = openCheckout(checkout, {
      callback: (data) => {
        settled = true;
        void onCallback(data, checkout.txRef);
      },
      onclose: () => {
        if (!settled) finish();
      },
    });
    if (!opened) {
      fail(TOASTS.notAvailable);
      finish();
    }
  }

  return { startPayment, isLoading };
}
