import {
  CAPITAL_SIZES,
  RISK_REWARD,
  TIME_FRAME_GROUPS,
  TIME_FRAMES,
  TRADING_STRATEGIES,
  type AnalysisSettings,
  type StrategyKey,
  type TimeFrame,
} from '../../../../shared/analysis';
import { cn } from '../../../lib/utils';
import { useState } from 'react';

const COLUMNS: Record<number, string> = { 5: 'grid-cols-5', 4: 'grid-cols-4', 1: 'grid-cols-1' };

/** SPEC §4: 'auto' is exclusive, choosing another drops 'auto', and one strategy always remains. */
export function toggleStrategy(current: string, key: StrategyKey): string {
  const selected = current.split('+') as StrategyKey[];
  if (key === 'auto') return 'auto';
  if (selected.includes(key)) {
    const rest = selected.filter((k) => k !== key);
    return rest.length > 0 ? rest.join('+') : current;
  }
  return [...selected.filter((k) => k !== 'auto'), key].join('+');
}

/**
 * SPEC §4: while typing only positive numbers are accepted. What a trader types on the way to one
 * ('0', '0.', '0.0' before '0.05') is let through, or 0.05 could never be typed; signs, exponents
 * and letters are refused, and the blur below turns anything non-positive into 0.01.
 */
export const acceptsLotSizeTyping = (raw: string) => /^\d*\.?\d*$/.test(raw);

/** SPEC §4: on blur bad values become 0.01, others round to 2 decimals. */
export function normaliseLotSize(raw: string): number {
  const value = Number.parseFloat(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) return 0.01;
  return Math.max(0.01, Math.round(value * 100) / 100);
}

/** Radio-group keys (WAI-ARIA): arrows move the choice through all time frames, Home and End jump. */
export function nextTimeFrame(current: TimeFrame, key: string): TimeFrame | null {
  const index = TIME_FRAMES.indexOf(current);
  const last = TIME_FRAMES.length - 1;
  const target =
    key === 'ArrowRight' || key === 'ArrowDown'
      ? (index + 1) % TIME_FRAMES.length
      : key === 'ArrowLeft' || key === 'ArrowUp'
        ? (index - 1 + TIME_FRAMES.length) % TIME_FRAMES.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return target === null ? null : (TIME_FRAMES[target] ?? null);
}

const riskLabel = (rr: number) => (rr <= 1.5 ? 'Conservative' : rr <= 3 ? 'Balanced' : 'Aggressive');

export function SettingsPanel({
  settings,
  disabled,
  onChange,
}: {
  settings: AnalysisSettings;
  disabled: boolean;
  onChange: (settings: AnalysisSettings) => void;
}) {
  const [lotText, setLotText] = useState(String(settings.lotSize));
  const set = (patch: Partial<AnalysisSettings>) => onChange({ ...settings, ...patch });
  const selected = settings.tradingStrategy.split('+');

  return (
    <div className="grid gap-6">
      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold">Time frame</legend>
        <div role="radiogroup" aria-label="Time frame" className="grid gap-3">
          {TIME_FRAME_GROUPS.map((group) => (
            <div key={group.label}>
              <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{group.label}</p>
              <div className={cn('grid gap-1', COLUMNS[group.columns])}>
                {group.values.map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    data-value={value}
                    aria-checked={settings.timeFrame === value}
                    tabIndex={settings.timeFrame === value ? 0 : -1}
                    onClick={() => set({ timeFrame: value as TimeFrame })}
                    onKeyDown={(event) => {
                      const next = nextTimeFrame(value as TimeFrame, event.key);
                      if (!next) return;
                      event.preventDefault();
                      set({ timeFrame: next });
                      event.currentTarget.closest('[role=radiogroup]')?.querySelector<HTMLElement>(`[data-value="${next}"]`)?.focus();
                    }}
                    className={cn(
                      'rounded-md border border-border px-2 py-1.5 text-sm',
                      settings.timeFrame === value ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                    )}
                  >
                    {value}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="mb-2 text-sm font-semibold">Trading strategies</legend>
        <div className="flex flex-wrap gap-2">
          {TRADING_STRATEGIES.map((strategy) => {
            const active = selected.includes(strategy.key);
            return (
              <button
                key={strategy.key}
                type="button"
                aria-pressed={active}
                onClick={() => set({ tradingStrategy: toggleStrategy(settings.tradingStrategy, strategy.key) })}
                className={cn(
                  'rounded-full border border-border px-3 py-1 text-sm',
                  active ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
              >
                {strategy.label}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div>
        <label htmlFor="risk-reward" className="mb-2 flex justify-between text-sm font-semibold">
          <span>Risk/reward</span>
          <span aria-hidden>1:{settings.riskReward}</span>
        </label>
        <input
          id="risk-reward"
          type="range"
          min={RISK_REWARD.min}
          max={RISK_REWARD.max}
          step={RISK_REWARD.step}
          value={settings.riskReward}
          disabled={disabled}
          aria-valuetext={`1:${settings.riskReward}, ${riskLabel(settings.riskReward)}`}
          onChange={(event) => set({ riskReward: Number(event.target.value) })}
          className="w-full accent-blue-600"
        />
        <div className="mt-1 flex justify-between text-xs text-muted-foreground">
          <span>Conservative</span>
          <span>Balanced</span>
          <span>Aggressive</span>
        </div>
      </div>

      <div>
        <label htmlFor="capital" className="mb-2 block text-sm font-semibold">
          Capital size
        </label>
        <select
          id="capital"
          value={settings.capitalSize}
          disabled={disabled}
          onChange={(event) => set({ capitalSize: Number(event.target.value) })}
          className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm"
        >
          {CAPITAL_SIZES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      <div>
        <label htmlFor="lot-size" className="mb-2 block text-sm font-semibold">
          Preferred lot size
        </label>
        <input
          id="lot-size"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={lotText}
          disabled={disabled}
          onChange={(event) => {
            const raw = event.target.value;
            if (acceptsLotSizeTyping(raw)) setLotText(raw);
          }}
          onBlur={() => {
            const lotSize = normaliseLotSize(lotText);
            setLotText(String(lotSize));
            set({ lotSize });
          }}
          className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm"
        />
      </div>
    </div>
  );
}
