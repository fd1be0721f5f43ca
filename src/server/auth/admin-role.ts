import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { auditLog, user } from '../db/schema';
import type { AppDeps } from '../lib/context';

export type Role = 'admin' | 'user';

/** The role an account is owed: admin only for a confirmed address listed in ADMIN_EMAILS. */
export function roleFor(deps: AppDeps, account: { email: string; emailVerified: boolean }): Role {
  const listed = deps.env.ADMIN_EMAILS.includes(account.email.trim().toLowerCase());
  return listed && account.emailVerified ? 'admin' : 'user';
}

/**
 * Brings the stored role in line with `roleFor`, at each session's creation and at email
 * confirmation: an address added to ADMIN_EMAILS is promoted at its next login, one removed
 * is demoted, and an unconfirmed address is never admin. Every change is audited.
 */
export async function syncRole(deps: AppDeps, userId: string, reason: 'login' | 'email-confirmed'): Promise<Role | null> {
  const db = deps.database.db;
  const [found] = await db
    .select({ email: user.email, emailVerified: user.emailVerified, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!found) return null;
  const role = roleFor(deps, found);
  if (found.role === role) return role;
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
  return role;
}
