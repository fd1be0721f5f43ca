import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { authClient } from './auth-client';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  emailVerified: boolean;
}

export interface AuthState {
  session: { id: string; expiresAt: Date } | null;
  user: AuthUser | null;
  /** True until the first session check has finished. */
  loading: boolean;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = authClient.useSession();
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    const { error } = await authClient.signOut();
    if (error) throw new Error(error.message ?? 'Failed to log out. Please try again.');
    queryClient.clear();
    await refetch();
  }, [queryClient, refetch]);

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const value = useMemo<AuthState>(() => {
    const user = data?.user
      ? {
          id: data.user.id,
          email: data.user.email,
          name: data.user.name,
          role: (data.user as { role?: string }).role ?? 'user',
          createdAt: new Date(data.user.createdAt),
          emailVerified: data.user.emailVerified,
        }
      : null;
    return {
      session: data?.session ? { id: data.session.id, expiresAt: new Date(data.session.expiresAt) } : null,
      user,
      loading: isPending,
      signOut,
      refresh,
    };
  }, [data, isPending, signOut, refresh]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
