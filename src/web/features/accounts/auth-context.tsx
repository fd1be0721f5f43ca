import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth-answers';
import { ApiRequestError } from '../../lib/api';
import { sessionOptions, signOut as signOutOnServer } from './auth-api';

export interface AuthState {
  user: SessionUser | null;
  /** True until the first session check has finished. */
  loading: boolean;
  /**
   * The session could not be asked for (no connection, though the browser may think it has one):
   * nobody is known to be signed in, and nobody is known to be signed out.
   */
  unreachable: boolean;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

const UNREACHABLE_RETRY_MS = 2000;
const isNetworkError = (error: unknown) => error instanceof ApiRequestError && error.code === 'NETWORK';

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, error, refetch } = useQuery({
    ...sessionOptions(),
    // Unreachable without the browser knowing it is offline, no 'online' event will come: ask again.
    refetchInterval: (query) =>
      query.state.data === undefined && isNetworkError(query.state.error) ? UNREACHABLE_RETRY_MS : false,
  });
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
    () => ({
      user: data?.user ?? null,
      loading: isPending,
      unreachable: data === undefined && isNetworkError(error),
      signOut,
      refresh,
    }),
    [data, isPending, error, signOut, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
