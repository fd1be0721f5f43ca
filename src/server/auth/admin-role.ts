import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { auditLog, user } from '../db/schema';
import type { AppDeps } from '../lib/context';

export type Role = 'admin' | 'user';

interface RoleFacts {
  email: string;
  emailVerified: boolean;
  passwordFromInboxAt: Date | null;
}

export const isListedAdmin = (deps: AppDeps, email: string): boolean =>
  deps.env.ADMIN_EMAILS.includes(email.trim().toLowerCase());

/**
 * The role an account is owed: admin only for an address listed in ADMIN_EMAILS, confirmed, whose
 * password was set through a link mailed to it. Confirming proves the inbox, not the password: an
 * outsider who signed up with the admin's address first chose that password, and the owner
 * clicking the welcome link would otherwise hand the outsider the role. A reset through the inbox
 * replaces that password with the owner's.
 */
export function roleFor(deps: AppDeps, account: RoleFacts): Role {
  return isListedAdmin(deps, account.email) && account.emailVerified && account.passwordFromInboxAt !== null ? 'admin' : 'user';
}

/** Whether the account is listed and confirmed but still needs its password set through the inbox. */
export const needsAdminSetup = (deps: AppDeps, account: RoleFacts): boolean =>
  isListedAdmin(deps, account.email) && account.emailVerified && account.passwordFromInboxAt === null;

/**
 * Brings the stored role in line with `roleFor`, at each session's creation and at email
 * confirmation: an address added to ADMIN_EMAILS is promoted at its next login, one removed
 * is demoted, and an unconfirmed address is never admin. Every change is audited. Returns the
 * account's facts so the caller can mail the admin set-up link when it is still owed.
 */
export async function syncRole(
  deps: AppDeps,
  userId: string,
  reason: 'login' | 'email-confirmed' | 'password-from-inbox',
): Promise<(RoleFacts & { role: Role }) | null> {
  const db = deps.database.db;
  const [found] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      passwordFromInboxAt: user.passwordFromInboxAt,
      role: user.role,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!found) return null;
  const role = roleFor(deps, found);
  if (found.role !== role) {
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
      await tx.insert(auditLog).values({
        id: randomUUID(),
        actorId: null,
        action: role === 'admin' ? 'role.granted' : 'role.revoked',
        detail: { userId, from: found.role, to: role, reason },
      });
    });
    deps.logger.info({ userId, role, reason }, 'role changed from ADMIN_EMAILS');
  }
  return { ...found, role };
}
