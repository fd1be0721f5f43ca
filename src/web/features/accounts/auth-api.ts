/**
 * The auth endpoints the app calls (better-auth behind PipLens's rules, /api/auth/*), through the
 * one API client: each answer read with its shared schema, each refusal an ApiRequestError.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  AuthStatusSchema,
  SessionAnswerSchema,
  SignInAnswerSchema,
  SignOutAnswerSchema,
  SignUpAnswerSchema,
} from '../../../shared/auth-answers';
import type { LoginInput, SignupRequest } from '../../../shared/auth';
import { href } from '../../../shared/routes';
import { apiFetch, postJson } from '../../lib/api';

const AUTH = '/api/auth';

export const sessionKeys = { current: ['auth', 'session'] as const };

/** Who is signed in (null: nobody); checked again when the tab comes back into view, as sessions end elsewhere. */
export const sessionOptions = () =>
  queryOptions({
    queryKey: sessionKeys.current,
    queryFn: () => apiFetch(`${AUTH}/get-session`, SessionAnswerSchema),
    staleTime: 0,
  });

export const signIn = (input: LoginInput) => postJson(`${AUTH}/sign-in/email`, SignInAnswerSchema, input);

export const signUp = (input: SignupRequest) => postJson(`${AUTH}/sign-up/email`, SignUpAnswerSchema, input);

export const signOut = () => postJson(`${AUTH}/sign-out`, SignOutAnswerSchema, {});

/** The reset link leads to the reset page. */
export const requestPasswordReset = (email: string) =>
  postJson(`${AUTH}/request-password-reset`, AuthStatusSchema, { email, redirectTo: href.resetPassword });

export const resetPassword = (input: { newPassword: string; token: string }) =>
  postJson(`${AUTH}/reset-password`, AuthStatusSchema, input);

/** The confirmation link signs the trader in on the dashboard. */
export const sendConfirmationMail = (email: string) =>
  postJson(`${AUTH}/send-verification-email`, AuthStatusSchema, { email, callbackURL: href.dashboard });
