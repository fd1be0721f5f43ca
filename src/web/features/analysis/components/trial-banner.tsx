import { Link } from 'react-router';
import type { SubscriptionState } from '../../../../shared/access';
import { FREE_DAILY_ANALYSES } from '../../../../shared/constants';
import { href } from '../../../../shared/routes';
import { accessTexts } from '../../billing/trial-texts';

export function TrialBanner({ state }: { state: SubscriptionState }) {
  if (state.isSubscribed) return null;
  const used = Math.min(state.dailyAnalysisCount, FREE_DAILY_ANALYSES);
  const { banner } = accessTexts(state, new Date());
  return (
    <div className="rounded-xl border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{banner}</p>
          {used >= FREE_DAILY_ANALYSES && <p className="text-sm">You've reached your daily limit of {FREE_DAILY_ANALYSES} AI analyses.</p>}
        </div>
        <Link to={href.subscription} className="rounded-md bg-amber-800 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-900">
          Upgrade to Pro
        </Link>
      </div>
      <div className="mt-3">
        <div
          role="progressbar"
          aria-label="Analyses used today"
          aria-valuemin={0}
          aria-valuemax={FREE_DAILY_ANALYSES}
          aria-valuenow={used}
          className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-inset ring-amber-700/50 dark:bg-black/40 dark:ring-amber-300/50"
        >
          {/* The track reads as empty at 0: white (or dark) against the amber fill. */}
          <div className="h-full bg-amber-600 dark:bg-amber-400" style={{ width: `${(used / FREE_DAILY_ANALYSES) * 100}%` }} />
        </div>
        <p className="mt-1 text-xs">
          {used} of {FREE_DAILY_ANALYSES} analyses used today
        </p>
      </div>
    </div>
  );
}
