import { lazy, Suspense } from 'react';
import { useToasts } from '../../components/ui/use-toast';

const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The toast area, loaded with the first toast: pages that never show one do not download Radix Toast. */
export function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
