import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from './auth-context';

/** Logout from any menu or page: toast and /login (SPEC §4). */
export function useLogout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast({ title: 'Logged out successfully', variant: 'success' });
      void navigate(href.login);
    } catch {
      toast({ title: 'Failed to log out. Please try again.', variant: 'destructive' });
    }
  };
}
