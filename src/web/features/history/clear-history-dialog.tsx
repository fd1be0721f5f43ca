import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { buttonVariants } from '../../components/ui/button';
import { useClearHistory } from './clear-history';

/**
 * Clear History deletes the trader's history on the server, on every device, for good: it asks
 * first. The menus open it; the server does the deleting once the trader confirms.
 */
export function ClearHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const clearHistory = useClearHistory();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 text-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Clear your analysis history?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            Every saved analysis, with its chart picture and any share link, is deleted from PipLens on all your
            devices. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => clearHistory.mutate()}
            >
              Clear History
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
