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
import {
  findInstrument,
  INSTRUMENT_CLASS_LABEL,
  INSTRUMENTS,
  OTHER_SYMBOL,
  searchInstruments,
} from '../../../../shared/instruments';
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

const OTHER_LABEL = 'Other';

/**
 * What the instrument field's text names: a listed symbol (typed in any case, with or without a
 * slash, or the only match of a search such as 'gold'), OTHER, undefined when empty, or null
 * when it names nothing yet.
 */
export function symbolFromInput(raw: string): string | undefined | null {
  const text = raw.trim();
  if (!text) return undefined;
  if (text.toLowerCase() === OTHER_LABEL.toLowerCase() || text.toUpperCase() === OTHER_SYMBOL) return OTHER_SYMBOL;
  const exact = findInstrument(text);
  if (exact) return exact.symbol;
  const matches = searchInstruments(text);
  return matches.length === 1 && matches[0] ? matches[0].symbol : null;
}

/** The settings with this instrument; the pip and contract sizes go with 'other' only. */
export function withSymbol(settings: AnalysisSettings, symbol: string | undefined): AnalysisSettings {
  const { symbol: _symbol, pipSize, contractSize, ...rest } = settings;
  if (symbol === undefined) return rest;
  if (symbol !== OTHER_SYMBOL) return { ...rest, symbol };
  return {
    ...rest,
    symbol,
    ...(pipSize !== undefined ? { pipSize } : {}),
    ...(contractSize !== undefined ? { contractSize } : {}),
  };
}

/** A positive number from a size field, or undefined. */
export function parseSize(raw: string): number | undefined {
  const value = Number.parseFloat(raw);
  return raw.trim() !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
}

const symbolText = (symbol: string | undefined) => (symbol === OTHER_SYMBOL ? OTHER_LABEL : (symbol ?? ''));

function instrumentHint(symbol: string | undefined, fromChart: boolean): string {
  if (symbol === OTHER_SYMBOL) return 'Enter what one pip and one lot are for your instrument (prices taken as USD).';
  const instrument = findInstrument(symbol);
  if (!instrument) return 'Choose the instrument on your chart for exact position sizes.';
  const sizes = `${instrument.name}: 1 lot = ${instrument.contractSize.toLocaleString('en-US')} ${instrument.contractUnit}, 1 pip = ${instrument.pipSize}.`;
  return fromChart ? `Read from your chart. ${sizes} Change it if it is not right.` : sizes;
}

const riskLabel = (rr: number) => (rr <= 1.5 ? 'Conservative' : rr <= 3 ? 'Balanced' : 'Aggressive');

export function SettingsPanel({
  settings,
  disabled,
  onChange,
  symbolFromChart = false,
}: {
  settings: AnalysisSettings;
  disabled: boolean;
  onChange: (settings: AnalysisSettings) => void;
  /** The symbol in the settings was read on the chart (it stays editable). */
  symbolFromChart?: boolean;
}) {
  const [lotText, setLotText] = useState(String(settings.lotSize));
  const [symbolInput, setSymbolInput] = useState(symbolText(settings.symbol));
  // A symbol set from outside (read on the chart, or forgotten with it) shows in the field; what
  // the trader is typing is left alone while it names the same instrument.
  const [shownSymbol, setShownSymbol] = useState(settings.symbol);
  if (settings.symbol !== shownSymbol) {
    setShownSymbol(settings.symbol);
    if (symbolFromInput(symbolInput) !== settings.symbol) setSymbolInput(symbolText(settings.symbol));
  }
  const [pipText, setPipText] = useState(settings.pipSize !== undefined ? String(settings.pipSize) : '');
  const [contractText, setContractText] = useState(settings.contractSize !== undefined ? String(settings.contractSize) : '');
  const set = (patch: Partial<AnalysisSettings>) => onChange({ ...settings, ...patch });
  // Back on 'Other', the sizes still typed in its fields count again.
  const chooseSymbol = (symbol: string | undefined) => {
    const next = withSymbol(settings, symbol);
    if (symbol !== OTHER_SYMBOL) return onChange(next);
    const pipSize = parseSize(pipText);
    const contractSize = parseSize(contractText);
    onChange({ ...next, ...(pipSize !== undefined ? { pipSize } : {}), ...(contractSize !== undefined ? { contractSize } : {}) });
  };
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
        <label htmlFor="instrument" className="mb-2 block text-sm font-semibold">
          Symbol
        </label>
        <input
          id="instrument"
          type="text"
          list="instrument-options"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search, e.g. EURUSD or gold"
          value={symbolInput}
          disabled={disabled}
          aria-describedby="instrument-hint"
          onChange={(event) => {
            const raw = event.target.value;
            setSymbolInput(raw);
            // A whole symbol (or 'Other') is taken at once; a partial search waits for the blur.
            const exact = raw.trim() === '' ? undefined : raw.trim().toLowerCase() === OTHER_LABEL.toLowerCase() ? OTHER_SYMBOL : findInstrument(raw)?.symbol;
            if (exact !== undefined || raw.trim() === '') chooseSymbol(exact);
          }}
          onBlur={() => {
            const symbol = symbolFromInput(symbolInput);
            if (symbol === null) {
              setSymbolInput(symbolText(settings.symbol));
              return;
            }
            setSymbolInput(symbolText(symbol));
            chooseSymbol(symbol);
          }}
          className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm"
        />
        <datalist id="instrument-options">
          {INSTRUMENTS.map((instrument) => (
            <option key={instrument.symbol} value={instrument.symbol}>
              {`${instrument.name} (${INSTRUMENT_CLASS_LABEL[instrument.class]})`}
            </option>
          ))}
          <option value={OTHER_LABEL}>Not in the list: enter its pip size and contract size</option>
        </datalist>
        <p id="instrument-hint" className="mt-1 text-xs text-muted-foreground">
          {instrumentHint(settings.symbol, symbolFromChart)}
        </p>
        {settings.symbol === OTHER_SYMBOL && (
          <div className="mt-2 grid grid-cols-2 gap-2">
            <div>
              <label htmlFor="pip-size" className="mb-1 block text-xs font-semibold">
                Pip size
              </label>
              <input
                id="pip-size"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder="0.0001"
                value={pipText}
                disabled={disabled}
                onChange={(event) => {
                  setPipText(event.target.value);
                  const { pipSize: _old, ...rest } = settings;
                  const pipSize = parseSize(event.target.value);
                  onChange(pipSize === undefined ? rest : { ...rest, pipSize });
                }}
                className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm"
              />
            </div>
            <div>
              <label htmlFor="contract-size" className="mb-1 block text-xs font-semibold">
                Contract size (units per lot)
              </label>
              <input
                id="contract-size"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder="100000"
                value={contractText}
                disabled={disabled}
                onChange={(event) => {
                  setContractText(event.target.value);
                  const { contractSize: _old, ...rest } = settings;
                  const contractSize = parseSize(event.target.value);
                  onChange(contractSize === undefined ? rest : { ...rest, contractSize });
                }}
                className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm"
              />
            </div>
          </div>
        )}
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
