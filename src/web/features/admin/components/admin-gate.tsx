import type { ReactElement } from 'react';
import { Navigate } from 'react-router';
import { href } from '../../../../shared/routes';
import { Spinner } from '../../../components/ui/input';

/**
 * What an admin page shows before its own content: a spinner while the session loads, and a
 * redirect home for anyone who is not an admin; null for an admin.
 */
export function adminGate({ loading, isAdmin }: { loading: boolean; isAdmin: boolean }): ReactElement | null {
  if (loading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking access..." />
      </div>
    );
  }
  return isAdmin ? null : <Navigate to={href.home} replace />;
}
