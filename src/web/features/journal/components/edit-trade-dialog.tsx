import { useState } from 'react';
import type { Trade } from '../../../../shared/journal';
import { toast } from '../../../components/ui/use-toast';
import { useEditTrade } from '../api/change-trade';
import { isTradeChanged } from '../server-problems';
import { closeOf, editBody, tradeValues } from '../trade-form';
import { Dialog } from './dialog';
import { TradeForm } from './trade-form';

/** The take-trade form on a trade in the journal, sent at the version the trader saw. */
export function EditTradeDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const edit = useEditTrade();
  const [version] = useState(trade.version);
  return (
    <Dialog title="Edit trade" onClose={onClose}>
      <TradeForm
        defaults={tradeValues(trade)}
        closed={closeOf(trade)}
        submitLabel="Save changes"
        busyLabel="Saving..."
        onCancel={onClose}
        onSubmit={async (levels) => {
          try {
            await edit.mutateAsync({ id: trade.id, body: editBody(levels, version) });
            toast({ title: 'Trade saved', variant: 'success' });
            onClose();
          } catch (error) {
            if (!isTradeChanged(error)) throw error;
            toast({ title: (error as Error).message, variant: 'destructive' });
            onClose();
          }
        }}
      />
    </Dialog>
  );
}
