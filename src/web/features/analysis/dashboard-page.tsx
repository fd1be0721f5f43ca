import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { dailyLimitMessage } from '../../../shared/access';
import {
  ANALYSIS_DEFAULTS,
  type AnalysisResponse,
  type ChartFactsWithReading,
  type CorrectableChart,
} from '../../../shared/analysis';
import { UPGRADE_TOAST_DURATION_MS } from '../../../shared/constants';
import type { HistoryItem } from '../../../shared/history';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { saveRedirectAfterAuth } from '../../lib/redirect-after-auth';
import { useAuth } from '../accounts/auth-context';
import { ConfirmEmailNotice } from '../accounts/confirm-email-notice';
import { useLogout } from '../accounts/use-logout';
import { accessTexts } from '../billing/trial-texts';
import { useSubscription } from '../billing/use-subscription';
import { HistoryList } from '../history/history-list';
import { useHistory, useSaveAnalysis } from '../history/history-api';
import { JournalActions } from '../journal/components/journal-actions';
import type { Crop, RerunGrant } from '../../../shared/crop';
import { describeStage, useAnalyseChart, useJobStage } from './api/analyse';
import { changedByTrader, fillFromChart, forgetChartSymbol, type SymbolChoice } from './chart-symbol';
import { useProposedCrop } from './api/locate';
import { refusalOf, type Refusal } from './refusal';
import { isWholePicture, WHOLE_PICTURE } from './components/crop-frame';
import { ReadingPanel } from './components/reading-panel';
import { CorrectionPanel, type CorrectionChart, type CorrectionMode } from './components/correction-panel';
import type { Correction } from '../../../shared/correction';
import { ChartOverlay } from './components/chart-overlay';
import { ResultPanel } from './components/result-panel';
import { SettingsPanel } from './components/settings-panel';
import { TrialBanner } from './components/trial-banner';
import { UploadArea, type ChartFile } from './components/upload-area';
import { ExportSharePanel } from './export/export-share-panel';
import { useSharedImage } from '../share-target/use-shared-image';

type Shown = { kind: 'fresh'; response: AnalysisResponse } | { kind: 'history'; item: HistoryItem };

/** The server's re-run grant when it is for this file and still in time (the server checks it again). */
function grantFor(grant: (RerunGrant & { file: File }) | null, file: File): string | undefined {
  return grant && grant.file === file && Date.parse(grant.rerunUntil) > Date.now() ? grant.rerunToken : undefined;
}

/** The chart a correction is drawn on and checked against: the one read, or the one whose prices were refused. */
function correctionChart(
  facts: ChartFactsWithReading | null,
  refused: CorrectableChart | null,
): CorrectionChart | null {
  if (facts) {
    const labels = (facts.read?.labels ?? []).flatMap((l) => (l.value === null ? [] : [l.value]));
    return {
      image: facts.image,
      plot: facts.plot,
      scale: facts.scale,
      labels,
      lastPrice: facts.lastPrice,
      precision: facts.precision,
    };
  }
  if (!refused) return null;
  const decimals = refused.labels.map((v) => (String(v).split('.')[1] ?? '').length);
  return { ...refused, lastPrice: null, precision: Math.max(2, ...decimals) };
}

/** Room for the fixed header (h-16) above what is scrolled to. */
const HEADER_ROOM = 72;

/**
 * Brings a new result into view and moves focus to its heading (screen readers announce it): on a
 * phone the result appears far above the Analyze button. From the chart when the heading still
 * fits on screen under it, else from the heading.
 */
function revealResult(top: HTMLElement | null, heading: HTMLElement | null) {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const headingBox = heading.getBoundingClientRect();
  const topBox = (top ?? heading).getBoundingClientRect();
  const from = headingBox.bottom - topBox.top <= window.innerHeight - HEADER_ROOM ? topBox.top : headingBox.top;
  window.scrollBy({ top: from - HEADER_ROOM, behavior: 'instant' });
}

export function DashboardPage() {
  const { user, loading } = useAuth();
  const { state, isCheckingSubscription } = useSubscription();
  const navigate = useNavigate();
  const logout = useLogout();
  const [chart, setChart] = useState<ChartFile | null>(null);
  // The settings, and whether their symbol is the one read on the chart (see chart-symbol.ts).
  const [choice, setChoice] = useState<SymbolChoice>({ settings: { ...ANALYSIS_DEFAULTS }, fromChart: false });
  const settings = choice.settings;
  const [shown, setShown] = useState<Shown | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  // Crop and confirm: the area the trader set (null: the one PipLens proposes), whether the frame is
  // being edited, why the engine refused the last try, and the server's re-run grant for this file.
  const [userCrop, setUserCrop] = useState<Crop | null>(null);
  const [adjusting, setAdjusting] = useState(true);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [grant, setGrant] = useState<(RerunGrant & { file: File }) | null>(null);
  // The trader setting the scale or the last price, on the reading shown or on a refusal, for this file.
  const [correcting, setCorrecting] = useState<{ mode: CorrectionMode; on: 'reading' | 'refusal'; file: File } | null>(
    null,
  );
  const [applied, setApplied] = useState<{ correction: Correction; file: File } | null>(null);
  const [correctionProblem, setCorrectionProblem] = useState<string | null>(null);
  /** A new picture (picked, dropped, pasted or shared, or none): what was read of the last one goes. */
  function showPicture(next: ChartFile | null) {
    setChart(next);
    setChoice(forgetChartSymbol);
    setShown(null);
    setUserCrop(null);
    setAdjusting(true);
    setRefusal(null);
  }
  // A screenshot shared from the phone's share sheet arrives as if picked here (features/share-target).
  useSharedImage(showPicture);
  const proposal = useProposedCrop(chart?.file ?? null, chart?.previewUrl ?? null);
  const analyse = useAnalyseChart();
  const save = useSaveAnalysis();
  // The history's journal marks: whether the analysis shown already became a trade.
  const history = useHistory(Boolean(user));
  const stage = useJobStage(jobId);
  const guarded = useRef(false);
  const outputTop = useRef<HTMLDivElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const revealNext = useRef(false);

  useEffect(() => {
    if (!shown || !revealNext.current) return;
    revealNext.current = false;
    revealResult(outputTop.current, resultHeading.current);
  }, [shown]);

  // Dashboard guard (SPEC §4): without access, say why and go to /subscription; warn on the last day.
  useEffect(() => {
    // An unconfirmed address has nothing to guard yet: the page asks for the confirmation instead.
    if (!state || guarded.current || !state.emailConfirmed) return;
    guarded.current = true;
    const { toast: arrival } = accessTexts(state, new Date());
    if (arrival) toast(arrival);
    if (!state.hasAccess) void navigate(href.subscription);
  }, [state, navigate]);

  if (loading) return <Spinner className="mx-auto my-24 flex justify-center" label="Loading..." />;
  if (!user) {
    saveRedirectAfterAuth(href.dashboard);
    return <Navigate to={href.login} replace />;
  }

  const analysing = analyse.isPending;
  const left =
    state && !state.isSubscribed && state.limit !== null ? Math.max(0, state.limit - state.dailyAnalysisCount) : null;

  function upgradeToast() {
    toast({
      title: dailyLimitMessage(),
      variant: 'destructive',
      duration: UPGRADE_TOAST_DURATION_MS,
      action: { label: 'Upgrade Now', altText: 'Upgrade to Pro', onClick: () => void navigate(href.subscription) },
    });
  }

  function onAnalyse(correction: Correction | null = null) {
    if (!chart) {
      toast({ title: 'Please upload a chart image first', variant: 'destructive' });
      return;
    }
    // A re-run on the same upload within its grant takes no slot: the server allows it at the cap.
    const rerunToken = grantFor(grant, chart.file);
    if (left === 0 && !rerunToken) {
      upgradeToast();
      return;
    }
    const id = crypto.randomUUID();
    setJobId(id);
    setCorrectionProblem(null);
    // A plain analysis reads the chart afresh: a scale the trader set before is not carried into it.
    if (!correction) setApplied(null);
    // A correction keeps what is on screen until its answer comes: a problem with it is said there.
    if (!correction) {
      setShown(null);
      setRefusal(null);
    }
    const file = chart.file;
    analyse.mutate(
      { file, settings, jobId: id, crop: isWholePicture(crop) ? null : crop, rerunToken, correction },
      {
        onSuccess: (response) => {
          revealNext.current = true;
          setShown({ kind: 'fresh', response });
          setRefusal(null);
          setCorrecting(null);
          setApplied(correction ? { correction, file } : null);
          // The instrument read on the chart fills an empty symbol field for the next analysis.
          setChoice((current) => fillFromChart(current, response.chart?.symbol));
          setAdjusting(false);
          const { rerunToken, rerunUntil } = response;
          if (rerunToken && rerunUntil) setGrant({ rerunToken, rerunUntil, file });
          toast({ title: 'Chart analysis complete!', variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'DAILY_LIMIT') upgradeToast();
          else toast({ title: `Failed to analyze chart: ${error.message}`, variant: 'destructive' });
          // The engine says why it could not read the chart: the trader can frame it and try again.
          // A correction that fails leaves the reading and the correction open: one PipLens could not
          // take says why beside the fields; only a new refusal of the chart replaces them.
          const refused = refusalOf(error);
          if (correction) {
            if (error instanceof ApiRequestError && error.code === 'CORRECTION_INVALID')
              setCorrectionProblem(error.message);
            if (!refused) return;
          }
          setShown(null);
          setCorrecting(null);
          setRefusal(refused);
        },
        onSettled: () => setJobId(null),
      },
    );
  }

  const crop = userCrop ?? proposal.data ?? WHOLE_PICTURE;
  const correctingNow = correcting && chart && correcting.file === chart.file ? correcting : null;
  function startCorrecting(mode: CorrectionMode, on: 'reading' | 'refusal') {
    if (chart) setCorrecting({ mode, on, file: chart.file });
    setCorrectionProblem(null);
  }
  /** A last price set on a scale the trader set before keeps that scale; a new scale replaces both. */
  function submitCorrection(correction: Correction) {
    const onReading = correctingNow?.on === 'reading';
    const earlier = onReading && applied && chart && applied.file === chart.file ? applied.correction : null;
    onAnalyse(
      correction.scale || !earlier?.scale ? correction : { scale: earlier.scale, lastPrice: correction.lastPrice },
    );
  }
  const label = analysing ? 'Analyzing Chart' : left !== null ? `Analyze Chart (${left} left today)` : 'Analyze Chart';
  const result = shown?.kind === 'fresh' ? shown.response.result : shown?.item.result;
  const facts = shown?.kind === 'fresh' ? shown.response.chart : (shown?.item.chart ?? null);
  const overlaySrc = shown?.kind === 'fresh' ? chart?.previewUrl : shown?.item.thumbnailUrl;
  const freshFacts = shown?.kind === 'fresh' ? shown.response.chart : null;
  const correctionOn = correctingNow
    ? correctionChart(
        correctingNow.on === 'reading' ? freshFacts : null,
        correctingNow.on === 'refusal' ? (refusal?.correctable ?? null) : null,
      )
    : null;
  const correctionPanel = correctingNow && correctionOn && chart && (
    <CorrectionPanel
      key={`${correctingNow.mode}-${correctingNow.on}`}
      src={chart.previewUrl}
      chart={correctionOn}
      mode={correctingNow.mode}
      busy={analysing}
      serverProblem={correctionProblem}
      onSubmit={submitCorrection}
      onCancel={() => {
        setCorrecting(null);
        setCorrectionProblem(null);
      }}
    />
  );
  const exportable =
    shown?.kind === 'fresh'
      ? {
          id: shown.response.id,
          createdAt: shown.response.createdAt,
          settings: shown.response.settings,
          shareToken: null,
        }
      : shown
        ? {
            id: shown.item.id,
            createdAt: shown.item.createdAt,
            settings: shown.item.settings,
            shareToken: shown.item.shareToken,
          }
        : null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Forex Chart Analysis</h1>
        <Button variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
      {state && !isCheckingSubscription && !state.emailConfirmed && (
        <div className="mt-6">
          <ConfirmEmailNotice email={user.email} />
        </div>
      )}
      {state && !isCheckingSubscription && state.emailConfirmed && (
        <div className="mt-4">
          <TrialBanner state={state} />
        </div>
      )}
      {/* grid-cols-1 (minmax(0, 1fr)) so a wide chart image cannot stretch the column past a phone's width. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <UploadArea
            chart={chart}
            analysing={analysing}
            stageLabel={describeStage(stage.data)}
            onChange={showPicture}
            collapsed={!adjusting && shown?.kind === 'fresh'}
            crop={{
              value: crop,
              onChange: setUserCrop,
              status: proposal.isPending ? 'finding' : proposal.data ? 'found' : 'not-found',
              onUseProposal: () => setUserCrop(null),
              refusal,
              refusalAction: refusal?.correctable && !correctingNow && (
                <>
                  <Button variant="outline" size="sm" onClick={() => startCorrecting('scale', 'refusal')}>
                    Set the price scale myself
                  </Button>
                  {refusal.correctable.scale && (
                    <Button variant="outline" size="sm" onClick={() => startCorrecting('last-price', 'refusal')}>
                      Set the last price myself
                    </Button>
                  )}
                </>
              ),
            }}
          />
          {correctingNow?.on === 'refusal' && correctionPanel}
          {result && (
            <div ref={outputTop} className="grid grid-cols-1 gap-6">
              {overlaySrc && <ChartOverlay src={overlaySrc} chart={facts} result={result} />}
              {correctingNow?.on === 'reading' && correctionPanel}
              {overlaySrc && facts && !(correctingNow?.on === 'reading' && correctionPanel) && (
                <ReadingPanel
                  src={overlaySrc}
                  chart={facts}
                  action={
                    shown?.kind === 'fresh' &&
                    !adjusting && (
                      <div className="flex flex-wrap gap-2">
                        {facts.scale && (
                          <Button variant="outline" size="sm" onClick={() => startCorrecting('last-price', 'reading')}>
                            The last price is wrong
                          </Button>
                        )}
                        <Button variant="outline" size="sm" onClick={() => startCorrecting('scale', 'reading')}>
                          Set the price scale myself
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => {
                            setUserCrop(crop);
                            setAdjusting(true);
                            window.scrollTo({ top: 0, behavior: 'instant' });
                          }}
                        >
                          Not right? Adjust the chart area
                        </Button>
                      </div>
                    )
                  }
                />
              )}
              <ResultPanel result={result} chart={facts} headingRef={resultHeading} />
              {exportable && (
                <JournalActions
                  key={`journal-${exportable.id}`}
                  analysisId={exportable.id}
                  result={result}
                  settings={exportable.settings}
                  mark={
                    history.data?.find((item) => item.id === exportable.id)?.trade ??
                    (shown?.kind === 'history' ? shown.item.trade : null)
                  }
                />
              )}
              {shown?.kind === 'fresh' && (
                <Button
                  variant="outline"
                  disabled={save.isPending || shown.response.id === save.data?.id}
                  onClick={() => save.mutate(shown.response.id)}
                  className="justify-self-start"
                >
                  {shown.response.id === save.data?.id ? 'Saved' : 'Save to history'}
                </Button>
              )}
              {exportable && overlaySrc && (
                <ExportSharePanel
                  key={exportable.id}
                  analysisId={exportable.id}
                  analysis={{
                    createdAt: exportable.createdAt,
                    settings: exportable.settings,
                    result,
                    chart: facts,
                    imageSrc: overlaySrc,
                  }}
                  premium={Boolean(state?.isSubscribed)}
                  initialShareToken={exportable.shareToken}
                />
              )}
            </div>
          )}
        </div>
        <aside className="grid grid-cols-1 content-start gap-6" aria-label="Analysis settings and history">
          <div className="rounded-xl border border-border bg-card p-5">
            <h2 className="mb-4 text-lg font-semibold">Settings</h2>
            <SettingsPanel
              settings={settings}
              symbolFromChart={choice.fromChart}
              disabled={analysing}
              onChange={(next) => setChoice((current) => changedByTrader(current, next))}
            />
            <Button
              className="mt-6 w-full"
              size="lg"
              disabled={analysing || !chart || proposal.isFetching || state?.emailConfirmed === false}
              onClick={() => onAnalyse()}
              aria-live="polite"
            >
              {label}
              {analysing && (
                <span className="animate-pulse" aria-hidden>
                  ...
                </span>
              )}
            </Button>
            {analysing && (
              <p className="mt-2 text-center text-sm text-muted-foreground" role="status">
                {describeStage(stage.data)}
              </p>
            )}
          </div>
          <HistoryList
            selectedId={shown?.kind === 'history' ? shown.item.id : null}
            onSelect={(item) => {
              revealNext.current = true;
              setShown({ kind: 'history', item });
            }}
          />
        </aside>
      </div>
    </section>
  );
}
