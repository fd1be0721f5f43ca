import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth-answers';
import { sessionOptions, signOut as signOutOnServer } from './auth-api';

export interface AuthState {
  user: SessionUser | null;
  /** True until the first session check has finished. */
  loading: boolean;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = useQuery(sessionOptions());
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    await signOutOnServer();
    // Nothing of the trader's stays in the cache; the session is asked for again (now none).
    queryClient.clear();
    await refetch();
  }, [queryClient, refetch]);

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const value = useMemo<AuthState>(
    () => ({ user: data?.user ?? null, loading: isPending, signOut, refresh }),
    [data, isPending, signOut, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
