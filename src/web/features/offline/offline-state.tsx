import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';

/**
 * What PipLens can and cannot do without a connection. `compact`: a notice above a page that stays
 * open; otherwise the whole page, which reloads itself once the connection is back (the session and
 * the page's data are fetched then).
 */
export function OfflineState({ compact }: { compact: boolean }) {
  useEffect(() => {
    if (compact) return;
    // Only when the browser says it is online: an 'online' event can come while it is still
    // offline (its network state re-applied to a page), and a reload then would cut short a
    // navigation on its way (a share's landing).
    const reload = () => {
      if (navigator.onLine) window.location.reload();
    };
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [compact]);

  if (compact) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-6">
        <p role="status" className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 text-sm">
          <WifiOff className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <strong>You are offline.</strong> Your chart and settings stay on this page. Analyses need a connection:
            Analyze works again when you are back online.
          </span>
        </p>
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16" role="status" aria-labelledby="offline-heading">
      <WifiOff className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 id="offline-heading" className="mt-4 text-3xl font-bold">
        You are offline
      </h1>
      <p className="mt-3 text-muted-foreground">PipLens cannot reach the internet from this device right now.</p>
      <h2 className="mt-6 text-lg font-semibold">What still works</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
        <li>The home page, the blog and its articles open from this device.</li>
        <li>A screenshot you share to PipLens is kept on this device and opens here when you are back online.</li>
      </ul>
      <h2 className="mt-6 text-lg font-semibold">What needs a connection</h2>
      <p className="mt-2 text-muted-foreground">
        Analyses need a connection: PipLens reads your chart on its server. So do signing in and your history. This page
        comes back by itself when you are online again.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={href.home}>Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={href.blog}>Blog</Link>
        </Button>
      </div>
    </section>
  );
}
