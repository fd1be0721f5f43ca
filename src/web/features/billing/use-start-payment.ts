import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes';
import { toast } from '../../components/ui/use-toast';
import { postJson } from '../../lib/api';
import { saveRedirectAfterAuth } from '../../lib/redirect-after-auth';
import { useAuth } from '../accounts/auth-context';

/** Subscribe / Get Premium: signed out, remember /subscription and log in; signed in, start checkout. */
export function useStartPayment() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [isLoading, setLoading] = useState(false);

  async function startPayment() {
    if (!user) {
      saveRedirectAfterAuth(href.subscription);
      void navigate(href.login);
      return;
    }
    setLoading(true);
    try {
      await postJson('/api/billing/checkout', {});
    } catch {
      toast({
        title: 'Payment setup error',
        description: 'Unable to initialize payment. Please try again later.',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }

  return { startPayment, isLoading };
}
