import { Braces, FileDown, ImageDown, Link2, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { UPGRADE_TOAST_DURATION_MS } from '../../../../shared/constants';
import { href } from '../../../../shared/routes';
import { EXPORT_PREMIUM_MESSAGE } from '../../../../shared/share';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useRevokeShare, useShareAnalysis } from '../../history/share-api';
import { analysisJson, analysisPdf, analysisPng, download, exportFileName, type ExportableAnalysis } from './analysis-export';

/**
 * Export (PNG of the annotated chart with its result card, PDF, JSON) and a revocable read-only share
 * link: Premium promises. Free traders see the same actions, each leading to the upgrade.
 */
export function ExportSharePanel({
  analysisId,
  analysis,
  premium,
  initialShareToken,
}: {
  analysisId: string;
  analysis: ExportableAnalysis;
  premium: boolean;
  initialShareToken: string | null;
}) {
  const navigate = useNavigate();
  const [shareToken, setShareToken] = useState(initialShareToken);
  const [exporting, setExporting] = useState(false);
  const share = useShareAnalysis();
  const revoke = useRevokeShare();
  const shareUrl = shareToken ? new URL(href.share(shareToken), window.location.origin).toString() : null;

  function upgradePrompt() {
    toast({
      title: EXPORT_PREMIUM_MESSAGE,
      variant: 'warning',
      duration: UPGRADE_TOAST_DURATION_MS,
      action: { label: 'Upgrade Now', altText: 'Upgrade to Pro', onClick: () => void navigate(href.subscription) },
    });
  }

  async function exportFile(kind: 'png' | 'pdf') {
    if (!premium) return upgradePrompt();
    setExporting(true);
    try {
      const blob = kind === 'png' ? await analysisPng(analysis) : await analysisPdf(analysis);
      download(blob, exportFileName(analysis.createdAt, kind));
    } catch {
      toast({ title: 'Failed to export the analysis. Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  function exportJson() {
    if (!premium) return upgradePrompt();
    download(new Blob([analysisJson(analysis)], { type: 'application/json' }), exportFileName(analysis.createdAt, 'json'));
  }

  function createLink() {
    if (!premium) return upgradePrompt();
    share.mutate(analysisId, {
      onSuccess: ({ shareToken: token }) => {
        setShareToken(token);
        toast({ title: 'Share link created. Anyone with the link can view this analysis.', variant: 'success' });
      },
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  }

  async function copyLink() {
    if (!shareUrl) return;
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast({ title: 'Link copied', variant: 'success' });
    } catch {
      toast({ title: 'Copy the link from the box above', variant: 'warning' });
    }
  }

  function revokeLink() {
    revoke.mutate(analysisId, {
      onSuccess: () => {
        setShareToken(null);
        toast({ title: 'Share link revoked. The link no longer opens this analysis.', variant: 'success' });
      },
      onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    });
  }

  // Free traders see a lock on each action: it leads to the upgrade, not to the feature.
  const icon = (Icon: typeof Lock) => (premium ? <Icon className="h-4 w-4" aria-hidden /> : <Lock className="h-4 w-4" aria-hidden />);
  return (
    <section aria-labelledby="export-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="export-heading" className="text-lg font-semibold">
        Export and share
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void exportFile('png')} disabled={exporting}>
          {icon(ImageDown)}
          Download PNG
        </Button>
        <Button variant="outline" onClick={() => void exportFile('pdf')} disabled={exporting}>
          {icon(FileDown)}
          Download PDF
        </Button>
        <Button variant="outline" onClick={exportJson}>
          {icon(Braces)}
          Download JSON
        </Button>
        {!shareUrl && (
          <Button variant="outline" onClick={createLink} disabled={share.isPending}>
            {icon(Link2)}
            Share link
          </Button>
        )}
      </div>
      {!premium && (
        <p className="mt-3 text-sm text-muted-foreground">
          Export and share are part of Premium.{' '}
          <Link to={href.subscription} className="font-semibold text-foreground underline">
            Upgrade to Pro
          </Link>
        </p>
      )}
      {shareUrl && (
        <div className="mt-4 grid gap-2">
          <label htmlFor={`share-${analysisId}`} className="text-sm font-medium">
            Read-only link (anyone with it can view this analysis, not your account)
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`share-${analysisId}`}
              readOnly
              value={shareUrl}
              onFocus={(event) => event.target.select()}
              className="h-10 min-w-0 flex-1 rounded-md border border-border bg-background px-3 text-sm"
            />
            <Button variant="outline" onClick={() => void copyLink()}>
              Copy link
            </Button>
            <Button variant="destructive" onClick={revokeLink} disabled={revoke.isPending}>
              Revoke link
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
