import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { TRADE_OUTCOME_LABEL, TRADE_OUTCOMES, type CloseTrade, type Trade } from '../../../../shared/journal';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useCloseTrade } from '../api/change-trade';
import { formatPrice } from '../format';
import { isTradeChanged, serverProblems } from '../server-problems';
import { closeValues, readClose, type CloseField, type CloseFormValues } from '../trade-form';
import { Dialog } from './dialog';
import { FieldError } from './field-error';

/** The level each outcome exits at, beside its choice. */
function levelOf(trade: Trade, outcome: (typeof TRADE_OUTCOMES)[number]) {
  if (outcome === 'target') return ` at ${formatPrice(trade.target)}`;
  if (outcome === 'stop') return ` at ${formatPrice(trade.stop)}`;
  return '';
}

/**
 * Closing an open trade at the version the trader saw when the dialog opened: if another tab
 * closed or changed it meanwhile, the trader is told and the journal shows it as it is now.
 */
export function CloseTradeDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const id = useId();
  const [version] = useState(trade.version);
  const close = useCloseTrade();
  const sending = useRef(false);
  const resolver: Resolver<CloseFormValues, unknown, CloseTrade> = (values) => {
    const read = readClose(trade, version, values, new Date());
    if (read.body) return { values: read.body, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(read.errors).map(([field, message]) => [
        field === 'form' ? 'root' : field,
        { type: 'validate', message },
      ]),
    );
    return { values: {}, errors };
  };
  const form = useForm<CloseFormValues, unknown, CloseTrade>({
    defaultValues: closeValues(trade, new Date()),
    resolver,
  });
  const { errors, isSubmitting } = form.formState;
  const manual = useWatch({ control: form.control, name: 'outcome' }) === 'manual';

  const send = async (body: CloseTrade) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await close.mutateAsync({ id: trade.id, body });
      toast({ title: 'Trade closed', variant: 'success' });
      onClose();
    } catch (error) {
      if (isTradeChanged(error)) {
        toast({ title: (error as Error).message, variant: 'destructive' });
        onClose();
        return;
      }
      // The first message for each field: the server's order is its own checks' order.
      const said = new Set<string>();
      for (const { path, message } of serverProblems(error)) {
        const field = (['outcome', 'exitPrice', 'closedAt', 'notes'] as CloseField[]).includes(path as CloseField)
          ? (path as CloseField)
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

  const outcomeError = errors.outcome?.message;
  return (
    <Dialog
      title="Close trade"
      description={`${trade.direction === 'sell' ? 'Sell' : 'Buy'} ${trade.symbol ?? ''} from ${formatPrice(trade.entry)}`}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">How did it end?</legend>
          {TRADE_OUTCOMES.map((outcome) => (
            <label
              key={outcome}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input type="radio" value={outcome} aria-invalid={Boolean(outcomeError)} {...form.register('outcome')} />
              <span>
                {TRADE_OUTCOME_LABEL[outcome]}
                {levelOf(trade, outcome)}
              </span>
            </label>
          ))}
          <FieldError id={`${id}-outcome-error`} message={outcomeError} />
        </fieldset>
        {manual && (
          <TextField
            id={`${id}-exit`}
            label="Exit price"
            inputMode="decimal"
            autoComplete="off"
            error={errors.exitPrice?.message}
            {...form.register('exitPrice')}
          />
        )}
        <TextField
          id={`${id}-closed`}
          label="Closed at"
          type="datetime-local"
          error={errors.closedAt?.message}
          {...form.register('closedAt')}
        />
        <div className="grid gap-2">
          <label htmlFor={`${id}-notes`} className="text-sm font-medium">
            Notes
          </label>
          <Textarea id={`${id}-notes`} className="min-h-20" {...form.register('notes')} />
        </div>
        <FieldError id={`${id}-form-error`} message={errors.root?.message} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Closing...' : 'Close trade'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
