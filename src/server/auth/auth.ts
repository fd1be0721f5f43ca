import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { CONFIRM_LINK_HOURS } from '../../shared/auth';
import { and, eq, isNull } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../shared/constants';
import { account, session, user, verification } from '../db/schema';
import type { AppDeps } from '../lib/context';
import {
  adminSetupMail,
  confirmEmailMail,
  passwordResetMail,
  signupNotificationMail,
  welcomeMail,
} from '../features/accounts/accounts.mails';
import { reserveAttempt } from '../features/accounts/login-throttle';
import { needsAdminSetup, syncRole } from './admin-role';

export const SESSION_DAYS = 30;

/** Confirmation links land on the dashboard, whatever callback the request named. */
function confirmationUrl(url: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', '/dashboard');
  return link.toString();
}

export function createAuth(deps: AppDeps) {
  const { env, database, mailer, logger } = deps;
  const db = database.db;
  /**
   * A listed, confirmed address whose password was not set through its inbox gets a link to set
   * it (the reset flow), at most once per throttle window; the role comes with the new password.
   */
  const offerAdminSetup = async (facts: Awaited<ReturnType<typeof syncRole>>) => {
    if (!facts || !needsAdminSetup(deps, facts)) return;
    const limit = { key: `admin-setup:${facts.email}`, refuseAfter: 1, slowAfter: Infinity };
    if ((await reserveAttempt(db, [limit])).verdict.refused) return;
    await auth.api.requestPasswordReset({ body: { email: facts.email, redirectTo: '/reset-password' } });
  };
  const auth = betterAuth({
    appName: 'PipLens',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.APP_SECRET,
    trustedOrigins: [env.APP_URL],
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ source: 'better-auth', args }, message);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    // PipLens throttles logins itself (per email and per address), see login-throttle.ts.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.APP_URL.startsWith('https://'),
      cookiePrefix: 'piplens',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      // An active user's session is pushed forward once a day: sessions renew on their own.
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        confirmedAt: { type: 'date', required: false, input: false },
        passwordFromInboxAt: { type: 'date', required: false, input: false },
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * CONFIRM_LINK_HOURS,
      // The sign-up's link rides in the welcome mail; a resend gets a mail of its own.
      sendVerificationEmail: async ({ user: target, url }, request) => {
        const confirmUrl = confirmationUrl(url);
        const atSignUp = request ? new URL(request.url).pathname.endsWith('/sign-up/email') : false;
        const mail = atSignUp
          ? welcomeMail({ to: target.email, name: target.name, confirmUrl, trialDays: TRIAL_DAYS })
          : confirmEmailMail({ to: target.email, name: target.name, confirmUrl });
        mailer.sendLater(mail, atSignUp ? 'welcome' : 'confirm-email');
      },
      afterEmailVerification: async (confirmed) => {
        // The trial starts at the first confirmation (DECISIONS.md).
        await db
          .update(user)
          .set({ confirmedAt: new Date() })
          .where(and(eq(user.id, confirmed.id), isNull(user.confirmedAt)));
        await offerAdminSetup(await syncRole(deps, confirmed.id, 'email-confirmed'));
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same for a new and an existing address, so it signs nobody in: the
      // confirmation link does (autoSignInAfterVerification).
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }) => {
        const setup = needsAdminSetup(deps, {
          email: target.email,
          emailVerified: target.emailVerified,
          passwordFromInboxAt: (target as { passwordFromInboxAt?: Date | null }).passwordFromInboxAt ?? null,
        });
        const mail = setup
          ? adminSetupMail({ to: target.email, name: target.name, url })
          : passwordResetMail({ to: target.email, name: target.name, url });
        mailer.sendLater(mail, setup ? 'admin-setup' : 'password-reset');
      },
      // A reset proves the inbox and sets a password its owner chose: the address counts as
      // confirmed, and its password as the owner's (admin-role.ts).
      onPasswordReset: async ({ user: target }) => {
        const now = new Date();
        await db.update(user).set({ emailVerified: true, passwordFromInboxAt: now, updatedAt: now }).where(eq(user.id, target.id));
        await db
          .update(user)
          .set({ confirmedAt: now })
          .where(and(eq(user.id, target.id), isNull(user.confirmedAt)));
        await syncRole(deps, target.id, 'password-from-inbox');
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Nobody is admin at creation: the role needs a confirmed address (see admin-role.ts).
          before: async (data) => ({ data: { ...data, role: 'user' } }),
          after: async (created) => {
            const links = { appUrl: env.APP_URL, trialDays: TRIAL_DAYS };
            mailer.sendLater(
              signupNotificationMail({ to: env.SUPPORT_EMAIL, newUserEmail: created.email, newUserName: created.name, ...links }),
              'signup-notification',
            );
          },
        },
      },
      session: {
        create: {
          // Each login decides the role anew: granted or taken away as ADMIN_EMAILS says now.
          before: async (data) => {
            await offerAdminSetup(await syncRole(deps, data.userId, 'login'));
          },
        },
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
