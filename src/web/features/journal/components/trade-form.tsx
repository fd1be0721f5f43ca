import { useId, useRef, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { OTHER_SYMBOL } from '../../../../shared/instruments';
import { JOURNAL_SYMBOLS, type CheckableTrade, type TradeLevels } from '../../../../shared/journal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { serverProblems } from '../server-problems';
import { readTrade, type TradeField, type TradeFormValues } from '../trade-form';
import { FieldError, selectClass } from './field-error';

const symbolLabel = (symbol: string) => (symbol === OTHER_SYMBOL ? 'Other (enter its pip and contract size)' : symbol);

/**
 * The trade's levels, size, instrument and time, checked in the browser with the server's own
 * rules before anything is sent; what the server still refuses is said beside the field it names.
 * Used to take a trade from a plan and to edit one.
 */
export function TradeForm({
  defaults,
  closed,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  defaults: TradeFormValues;
  /** A closed trade's outcome and times: an edit must still fit them. */
  closed?: Pick<CheckableTrade, 'outcome' | 'exitPrice' | 'closedAt'>;
  submitLabel: string;
  busyLabel: string;
  /** Sends the levels; throws the server's refusal. */
  onSubmit: (levels: TradeLevels) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const resolver: Resolver<TradeFormValues, unknown, TradeLevels> = (values) => {
    const read = readTrade(values, new Date(), closed);
    if (read.levels) return { values: read.levels, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(read.errors).map(([field, message]) => [
        field === 'form' ? 'root' : field,
        { type: 'validate', message },
      ]),
    );
    return { values: {}, errors };
  };
  const form = useForm<TradeFormValues, unknown, TradeLevels>({ defaultValues: defaults, resolver });
  const { errors, isSubmitting } = form.formState;
  // A double click must send once: the button's disabled state arrives a render later.
  const sending = useRef(false);
  const other = useWatch({ control: form.control, name: 'symbol' }) === OTHER_SYMBOL;

  const send = async (levels: TradeLevels) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(levels);
    } catch (error) {
      // The first message for each field: the server's order is its own checks' order.
      const said = new Set<string>();
      for (const { path, message } of serverProblems(error)) {
        const field = (Object.keys(defaults) as TradeField[]).includes(path as TradeField)
          ? (path as TradeField)
          : 'root';
        if (said.has(field)) continue;
        said.add(field);
        form.setError(field, { type: 'server', message });
      }
    } finally {
      sending.current = false;
    }
  };
  /** Checked first by the resolver; a second press while sending is ignored. */
  const submit = (event: FormEvent) => void form.handleSubmit(send)(event);

  const fieldId = (name: TradeField) => `${id}-${name}`;
  const errorOf = (name: TradeField) => errors[name]?.message;
  const text = (name: TradeField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={fieldId(name)}
      label={label}
      error={errorOf(name)}
      inputMode="decimal"
      autoComplete="off"
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <fieldset
        className="grid gap-2"
        aria-describedby={errorOf('direction') ? `${fieldId('direction')}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Direction</legend>
        <div className="flex gap-2">
          {(['buy', 'sell'] as const).map((direction) => (
            <label
              key={direction}
              className="flex min-h-10 flex-1 cursor-pointer items-center gap-2 rounded-md border border-border px-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input
                type="radio"
                value={direction}
                aria-invalid={Boolean(errorOf('direction'))}
                {...form.register('direction')}
              />
              <span className="capitalize">{direction}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${fieldId('direction')}-error`} message={errorOf('direction')} />
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor={fieldId('symbol')} className="text-sm font-medium">
          Instrument
        </label>
        <select
          id={fieldId('symbol')}
          className={selectClass}
          aria-invalid={Boolean(errorOf('symbol'))}
          aria-describedby={errorOf('symbol') ? `${fieldId('symbol')}-error` : undefined}
          {...form.register('symbol')}
        >
          <option value="">Choose the instrument</option>
          {JOURNAL_SYMBOLS.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbolLabel(symbol)}
            </option>
          ))}
        </select>
        <FieldError id={`${fieldId('symbol')}-error`} message={errorOf('symbol')} />
      </div>
      {other && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('pipSize', 'Pip size')}
          {text('contractSize', 'Contract size (units per lot)')}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('entry', 'Entry')}
        {text('stop', 'Stop loss')}
        {text('target', 'Take profit')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('lotSize', 'Lot size')}
        {text('openedAt', 'Opened at', { type: 'datetime-local', inputMode: undefined })}
      </div>
      <div className="grid gap-2">
        <label htmlFor={fieldId('notes')} className="text-sm font-medium">
          Notes
        </label>
        <Textarea id={fieldId('notes')} className="min-h-20" {...form.register('notes')} />
      </div>
      <FieldError id={`${id}-form-error`} message={errors.root?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
