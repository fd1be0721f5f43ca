import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../shared/constants';
import { account, session, user, verification } from '../db/schema';
import type { AppDeps } from '../lib/context';
import { passwordResetMail, signupNotificationMail, welcomeMail } from '../features/accounts/accounts.mails';

export const SESSION_DAYS = 30;

export function isAdminEmail(deps: AppDeps, email: string): boolean {
  return deps.env.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

export function createAuth(deps: AppDeps) {
  const { env, database, mailer, logger } = deps;
  const db = database.db;
  return betterAuth({
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
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }) => {
        mailer.sendLater(passwordResetMail({ to: target.email, name: target.name, url }), 'password-reset');
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: { ...data, role: isAdminEmail(deps, data.email) ? 'admin' : 'user' },
          }),
          after: async (created) => {
            const links = { appUrl: env.APP_URL, trialDays: TRIAL_DAYS };
            mailer.sendLater(welcomeMail({ to: created.email, name: created.name, ...links }), 'welcome');
            mailer.sendLater(
              signupNotificationMail({ to: env.SUPPORT_EMAIL, newUserEmail: created.email, newUserName: created.name, ...links }),
              'signup-notification',
            );
          },
        },
      },
      session: {
        create: {
          // Login is where a user listed in ADMIN_EMAILS after signing up becomes admin.
          before: async (data) => {
            const [found] = await db
              .select({ email: user.email, role: user.role })
              .from(user)
              .where(eq(user.id, data.userId));
            if (found && found.role !== 'admin' && isAdminEmail(deps, found.email)) {
              await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, data.userId));
              logger.info({ userId: data.userId }, 'user promoted to admin from ADMIN_EMAILS');
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
