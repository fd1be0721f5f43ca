import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SHARE_OUTCOME, SHARE_OUTCOME_PARAM } from '../../../shared/share-target';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../accounts/auth-context';
import { useSubscription } from '../billing/use-subscription';
import { readChartFile, UNREADABLE, type ChartFile } from '../analysis/components/upload-area';
import { takeSharedFile } from './shared-file-store';

export const SHARE_UNAVAILABLE = {
  title: 'Sharing to PipLens needs PipLens opened once first',
  description:
    'Your screenshot was not received. Open PipLens in this browser once while online, then share again, or choose the screenshot here.',
};
/** Long enough to read it on the login page a signed-out trader is sent to. */
const UNAVAILABLE_TOAST_MS = 15_000;

/**
 * Loads a screenshot shared from the phone's share sheet (kept by the service worker) as if the trader
 * had picked it: the upload's checks and messages, then `onChart`. It waits, kept on the phone, until
 * the trader is signed in and the dashboard stays (a trader without access is sent to /subscription);
 * it also tells the trader when a share could not be received.
 */
export function useSharedImage(onChart: (chart: ChartFile) => void) {
  const { user, loading } = useAuth();
  const { state } = useSubscription();
  const [params, setParams] = useSearchParams();
  const outcome = params.get(SHARE_OUTCOME_PARAM);
  const ready = Boolean(user && state && !(state.emailConfirmed && !state.hasAccess));
  const latest = useRef(onChart);
  useEffect(() => {
    latest.current = onChart;
  });

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    void (async () => {
      const file = await takeSharedFile();
      const chart = file && !cancelled ? await readChartFile(file) : null;
      if (chart && !cancelled) latest.current(chart);
    })();
    return () => {
      cancelled = true;
    };
  }, [ready]);

  useEffect(() => {
    if (loading || !outcome) return;
    if (outcome === SHARE_OUTCOME.unavailable) toast({ ...SHARE_UNAVAILABLE, duration: UNAVAILABLE_TOAST_MS });
    if (outcome === SHARE_OUTCOME.unreadable) toast({ title: UNREADABLE, variant: 'destructive' });
    // Signed out, the dashboard is on its way to /login: the address is left to it.
    if (user)
      setParams(
        (current) => {
          current.delete(SHARE_OUTCOME_PARAM);
          return current;
        },
        { replace: true },
      );
  }, [loading, outcome, user, setParams]);
}
