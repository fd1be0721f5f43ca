import { Hono } from 'hono';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_ANSWER } from '../../../shared/auth-answers';
import { requireAdmin, requireUser } from '../../auth/guards';
import type { AppEnv } from '../../lib/context';
import { eq, like } from 'drizzle-orm';
import { auditLog, user } from '../../db/schema';
import {
  confirmEmail,
  describeEachDatabase,
  outboxMails,
  setPasswordFromInbox,
  signUp,
  TestClient,
  uniqueEmail,
  waitFor,
} from '../../test/harness';
import { CONFIRM_MAILS_PER_WINDOW, RESET_MAILS_PER_WINDOW, SIGNUPS_PER_ADDRESS } from './accounts.routes';
import { ADDRESS_REFUSE_AFTER, limitAddress, REFUSE_AFTER } from './login-throttle';
import { forwardedClient } from '../../lib/request';

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describeEachDatabase('accounts', (server) => {
  it('signs in at the confirmation link with an HttpOnly, SameSite=Lax session cookie, never at sign-up', async () => {
    const client = new TestClient(server());
    const email = uniqueEmail();
    const response = await client.request('/api/auth/sign-up/email', {
      json: { name: 'Ann Trader', email, password: 'correct-horse-battery' },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(SIGNUP_ANSWER);
    expect(client.signedIn).toBe(false);

    const confirmed = await confirmEmail(client, server(), email);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await client.request('/api/auth/get-session');
    const body = await json(session);
    expect((body.user as { email: string; emailVerified: boolean })).toMatchObject({ email, emailVerified: true });
    expect(JSON.stringify(body)).not.toMatch(/"password"|scrypt/);
  });

  it('validates sign-up with the shared schema', async () => {
    const client = new TestClient(server());
    const response = await client.request('/api/auth/sign-up/email', {
      json: { name: 'A', email: 'not-an-email', password: 'short' },
    });
    expect(response.status).toBe(400);
    const body = (await json(response)) as { error: { details: { message: string }[] } };
    const messages = body.error.details.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Full name must be at least 2 characters',
        'Please enter a valid email address',
        'Password must be at least 8 characters',
      ]),
    );
  });

  it('answers a new and an existing email identically, and mails the owner of the existing one', async () => {
    const { email } = await signUp(new TestClient(server()), { name: 'First Owner' });
    const timed = async (address: string, from: string) => {
      const started = performance.now();
      const response = await new TestClient(server()).request('/api/auth/sign-up/email', {
        json: { name: 'Someone Else', email: address, password: 'another-password' },
        remoteAddress: from,
      });
      return { status: response.status, body: await response.text(), ms: performance.now() - started, cookies: response.headers.getSetCookie() };
    };
    // Taken in turn, five of each: the medians compare the work the server does for each, not
    // a moment when another process had the CPU (one pair of samples differed by a second then).
    const existing: Awaited<ReturnType<typeof timed>>[] = [];
    const fresh: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 5; i += 1) {
      existing.push(await timed(email.toUpperCase(), `198.51.100.${40 + i}`));
      fresh.push(await timed(uniqueEmail('fresh'), `198.51.100.${50 + i}`));
    }
    for (const [a, b] of existing.map((e, i) => [e, fresh[i]] as const)) {
      expect(a.status).toBe(200);
      expect(a.body).toBe(b?.body);
      expect(a.cookies).toEqual(b?.cookies);
    }
    const median = (samples: { ms: number }[]) => samples.map((t) => t.ms).sort((x, y) => x - y)[2] ?? 0;
    expect(Math.abs(median(existing) - median(fresh))).toBeLessThan(250);
    const mail = await waitFor(() =>
      outboxMails(server()).find((m) => m.includes(`To: ${email}`) && m.includes('Someone tried to sign up')),
    );
    expect(mail).toContain('/forgot-password');
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUPS_PER_ADDRESS + 1; i += 1) {
      const response = await new TestClient(server()).request('/api/auth/sign-up/email', {
        json: { name: 'Bulk Trader', email: uniqueEmail('bulk'), password: 'correct-horse-battery' },
        remoteAddress: '203.0.113.200',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUPS_PER_ADDRESS).fill(200), 429]);
  }, 60_000);

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await signUp(new TestClient(server()));
    const wrongPassword = await new TestClient(server()).request('/api/auth/sign-in/email', {
      json: { email, password: 'wrong-password' },
    });
    const unknownEmail = await new TestClient(server()).request('/api/auth/sign-in/email', {
      json: { email: uniqueEmail('nobody'), password: 'wrong-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
  });

  it('answers a reset request the same for known and unknown emails', async () => {
    const { email } = await signUp(new TestClient(server()));
    const known = await new TestClient(server()).request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/reset-password' },
    });
    const unknown = await new TestClient(server()).request('/api/auth/request-password-reset', {
      json: { email: uniqueEmail('nobody'), redirectTo: '/reset-password' },
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('refuses a cookie-carrying mutation from another site', async () => {
    const client = new TestClient(server());
    await signUp(client);
    const response = await client.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const session = await json(await client.request('/api/auth/get-session'));
    expect(session).not.toBeNull();
  });

  it('logs in and out', async () => {
    const { email, password } = await signUp(new TestClient(server()));
    const client = new TestClient(server());
    const login = await client.request('/api/auth/sign-in/email', { json: { email, password } });
    expect(login.status).toBe(200);
    expect(client.signedIn).toBe(true);
    const logout = await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(logout.status).toBe(200);
    expect(await (await client.request('/api/auth/get-session')).json()).toBeNull();
  });

  it('gives no admin role to an unconfirmed sign-up of an ADMIN_EMAILS address, whatever its case', async () => {
    const { deps } = server();
    const listed = uniqueEmail('boss');
    deps.env.ADMIN_EMAILS = [listed];
    try {
      const squatter = new TestClient(server());
      const response = await squatter.request('/api/auth/sign-up/email', {
        json: { name: 'Not The Boss', email: listed.toUpperCase(), password: 'correct-horse-battery' },
      });
      expect(response.status).toBe(200);
      await squatter.request('/api/auth/sign-in/email', { json: { email: listed, password: 'correct-horse-battery' } });
      const session = (await json(await squatter.request('/api/auth/get-session'))) as {
        user: { role: string; emailVerified: boolean };
      };
      expect(session.user).toMatchObject({ role: 'user', emailVerified: false });
      expect((await squatter.request('/api/admin/settings/payment-keys')).status).toBe(403);
      expect((await squatter.request('/api/admin/settings/payment-keys', { method: 'PUT', json: {} })).status).toBe(403);

      // Logging in again does not promote an unconfirmed address either.
      const again = new TestClient(server());
      await again.request('/api/auth/sign-in/email', { json: { email: listed, password: 'correct-horse-battery' } });
      expect((await again.request('/api/admin/settings/payment-keys')).status).toBe(403);
    } finally {
      deps.env.ADMIN_EMAILS = [];
    }
  });

  it('makes a confirmed ADMIN_EMAILS address admin once its password is set through its inbox, and takes the role away once unlisted', async () => {
    const { deps, database } = server();
    const listed = uniqueEmail('boss');
    deps.env.ADMIN_EMAILS = [listed];
    try {
      const admin = new TestClient(server());
      await signUp(admin, { email: listed, confirm: false });
      const confirmed = await confirmEmail(admin, server(), listed);
      expect(confirmed.status).toBe(302);
      expect(new URL(confirmed.headers.get('location') as string, 'http://x').pathname).toBe('/dashboard');
      // Confirmed, but the password is still the one given at sign-up: no role yet, a set-up mail instead.
      const session = (await json(await admin.request('/api/auth/get-session'))) as {
        user: { role: string; emailVerified: boolean };
      };
      expect(session.user).toMatchObject({ role: 'user', emailVerified: true });
      await waitFor(() => outboxMails(server()).find((m) => m.includes(`To: ${listed}`) && m.includes('Set your PipLens admin password')));

      await setPasswordFromInbox(admin, server(), listed, 'the-owners-own-password');
      expect((await admin.request('/api/admin/settings/payment-keys')).status).toBe(200);

      deps.env.ADMIN_EMAILS = [];
      const later = new TestClient(server());
      await later.request('/api/auth/sign-in/email', { json: { email: listed, password: 'the-owners-own-password' } });
      const demoted = (await json(await later.request('/api/auth/get-session'))) as { user: { role: string } };
      expect(demoted.user.role).toBe('user');
      expect((await later.request('/api/admin/settings/payment-keys')).status).toBe(403);

      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, listed));
      const audited = await database.db.select().from(auditLog).where(like(auditLog.action, 'role.%'));
      const mine = audited.filter((entry) => (entry.detail as { userId: string }).userId === row?.id);
      expect(mine.map((entry) => entry.action)).toEqual(['role.granted', 'role.revoked']);
    } finally {
      deps.env.ADMIN_EMAILS = [];
    }
  });

  it("gives the role to the inbox's owner, never to whoever signed up with the address first", async () => {
    const { deps } = server();
    const listed = uniqueEmail('boss');
    deps.env.ADMIN_EMAILS = [listed];
    try {
      // An outsider signs up first with the admin's address and their own password...
      const outsider = new TestClient(server());
      await signUp(outsider, { email: listed, password: 'outsiders-password', confirm: false });
      // ...and the owner, finding the welcome mail, opens its link.
      const owner = new TestClient(server());
      await confirmEmail(owner, server(), listed);
      const outsiderLogin = new TestClient(server());
      await outsiderLogin.request('/api/auth/sign-in/email', { json: { email: listed, password: 'outsiders-password' } });
      expect((await outsiderLogin.request('/api/admin/settings/payment-keys')).status).toBe(403);

      // The owner sets a password through the set-up mail: the outsider's stops working.
      await setPasswordFromInbox(owner, server(), listed, 'the-owners-own-password');
      expect((await owner.request('/api/admin/settings/payment-keys')).status).toBe(200);
      expect((await outsiderLogin.request('/api/admin/settings/payment-keys')).status).toBe(401);
      const retry = await new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email: listed, password: 'outsiders-password' },
      });
      expect(retry.status).toBe(401);
    } finally {
      deps.env.ADMIN_EMAILS = [];
    }
  });

  it('promotes an account confirmed before its address was listed, once its password is set through its inbox', async () => {
    const { deps } = server();
    const later = uniqueEmail('promoted');
    const first = new TestClient(server());
    const { password } = await signUp(first, { email: later });
    deps.env.ADMIN_EMAILS = [later];
    try {
      const client = new TestClient(server());
      await client.request('/api/auth/sign-in/email', { json: { email: later, password } });
      const waiting = (await json(await client.request('/api/auth/get-session'))) as { user: { role: string } };
      expect(waiting.user.role).toBe('user');
      await setPasswordFromInbox(client, server(), later, 'a-new-owner-password');
      const promoted = (await json(await client.request('/api/auth/get-session'))) as { user: { role: string } };
      expect(promoted.user.role).toBe('admin');
    } finally {
      deps.env.ADMIN_EMAILS = [];
    }
  });

  it('mails a new confirmation link on request, a few times per window', async () => {
    const client = new TestClient(server());
    const { email } = await signUp(client, { confirm: false });
    const statuses: number[] = [];
    for (let i = 0; i < CONFIRM_MAILS_PER_WINDOW + 1; i += 1) {
      const response = await new TestClient(server()).request('/api/auth/send-verification-email', { json: { email } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(CONFIRM_MAILS_PER_WINDOW).fill(200), 429]);
    await waitFor(() => outboxMails(server()).find((m) => m.includes(`To: ${email}`) && m.includes('Confirm your PipLens email')));
    expect((await confirmEmail(client, server(), email)).status).toBe(302);
    const session = (await json(await client.request('/api/auth/get-session'))) as { user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);
  });

  it('sends at most a few reset mails per account, answering every request the same', async () => {
    const { email } = await signUp(new TestClient(server()));
    const answers = new Set<string>();
    for (let i = 0; i < RESET_MAILS_PER_WINDOW + 2; i += 1) {
      const response = await new TestClient(server()).request('/api/auth/request-password-reset', {
        json: { email, redirectTo: '/reset-password' },
      });
      answers.add(`${response.status} ${await response.text()}`);
    }
    expect(answers.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resets = outboxMails(server()).filter((m) => m.includes(`To: ${email}`) && m.includes('Reset your PipLens password'));
    expect(resets).toHaveLength(RESET_MAILS_PER_WINDOW);
  });

  it('resets a password by mail once, ending old sessions', async () => {
    const old = new TestClient(server());
    const { email } = await signUp(old);
    const before = outboxMails(server()).length;
    await new TestClient(server()).request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/reset-password' },
    });
    const mail = await waitFor(() =>
      outboxMails(server())
        .slice(before)
        .find((m) => m.includes('Reset your PipLens password')),
    );
    const unfolded = mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = /http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s"<]+/.exec(unfolded)?.[0];
    expect(link).toBeDefined();
    const opened = await new TestClient(server()).request(
      new URL(link as string).pathname + new URL(link as string).search,
    );
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get('location') as string, 'http://localhost');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await new TestClient(server()).request('/api/auth/reset-password', {
      json: { newPassword: 'brand-new-password', token },
    });
    expect(reset.status).toBe(200);
    expect(await (await old.request('/api/auth/get-session')).json()).toBeNull();
    const again = await new TestClient(server()).request('/api/auth/reset-password', {
      json: { newPassword: 'another-new-password', token },
    });
    expect(again.status).toBe(400);
    const login = await new TestClient(server()).request('/api/auth/sign-in/email', {
      json: { email, password: 'brand-new-password' },
    });
    expect(login.status).toBe(200);
  });
});

describeEachDatabase('login throttling', (server) => {
  it('slows down and then refuses repeated failures for one email with 429', async () => {
    const { email } = await signUp(new TestClient(server()));
    const statuses: number[] = [];
    for (let i = 0; i < REFUSE_AFTER + 1; i += 1) {
      const response = await new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email, password: `wrong-${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, REFUSE_AFTER)).toEqual(Array(REFUSE_AFTER).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Even the right password is refused while the email is locked out.
    const locked = await new TestClient(server()).request('/api/auth/sign-in/email', {
      json: { email, password: 'correct-horse-battery' },
    });
    expect(locked.status).toBe(429);
    expect(((await json(locked)).error as { message: string }).message).toMatch(/Too many failed login attempts/);
    expect(locked.headers.get('retry-after')).toBeTruthy();
  }, 60_000);
});

describeEachDatabase('login throttling by address', (server) => {
  it('refuses an address that keeps failing across many emails', async () => {
    const spray = () =>
      new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email: uniqueEmail('spray'), password: 'wrong-password' },
        remoteAddress: '198.51.100.7',
      });
    const statuses = (await Promise.all(Array.from({ length: ADDRESS_REFUSE_AFTER + 5 }, spray))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADDRESS_REFUSE_AFTER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await spray()).status).toBe(429);
  }, 120_000);
});

describeEachDatabase('login throttling under a burst', (server) => {
  it('checks at most the configured number of 100 simultaneous wrong sign-ins for one account', async () => {
    const { email } = await signUp(new TestClient(server()));
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        new TestClient(server()).request('/api/auth/sign-in/email', {
          json: { email, password: `wrong-${i}` },
          remoteAddress: '203.0.113.9',
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(REFUSE_AFTER);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  }, 120_000);
});

describeEachDatabase('login throttling between users', (server) => {
  it("locks an account only for the address that failed on it, never another account's login there", async () => {
    const victim = await signUp(new TestClient(server()));
    const neighbour = await signUp(new TestClient(server()));
    const attacker = '192.0.2.66';
    for (let i = 0; i < REFUSE_AFTER; i += 1) {
      await new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email: victim.email, password: `wrong-${i}` },
        remoteAddress: attacker,
      });
    }
    const signIn = (who: { email: string; password: string }, remoteAddress: string) =>
      new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email: who.email, password: who.password },
        remoteAddress,
      });
    // The attacker's address is locked out of the victim's account, even with the right password...
    expect((await signIn(victim, attacker)).status).toBe(429);
    // ...but another account's right password from that same address gets in,
    expect((await signIn(neighbour, attacker)).status).toBe(200);
    // and so does the victim, from their own address.
    expect((await signIn(victim, '198.51.100.20')).status).toBe(200);
  }, 120_000);

  it('counts an IPv6 client by its /64, so rotating addresses inside one block buys no more guesses', async () => {
    const { email } = await signUp(new TestClient(server()));
    const statuses: number[] = [];
    for (let i = 0; i < REFUSE_AFTER + 1; i += 1) {
      const response = await new TestClient(server()).request('/api/auth/sign-in/email', {
        json: { email, password: `wrong-${i}` },
        remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(limitAddress('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
  }, 60_000);

  it("lets no stranger use up an owner's reset mails", async () => {
    const { email } = await signUp(new TestClient(server()));
    for (let i = 0; i < RESET_MAILS_PER_WINDOW + 2; i += 1) {
      await new TestClient(server()).request('/api/auth/request-password-reset', {
        json: { email, redirectTo: '/reset-password' },
        remoteAddress: '198.51.100.99',
      });
    }
    await new TestClient(server()).request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/reset-password' },
      remoteAddress: '192.0.2.10',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resets = outboxMails(server()).filter((m) => m.includes(`To: ${email}`) && m.includes('Reset your PipLens password'));
    expect(resets).toHaveLength(RESET_MAILS_PER_WINDOW + 1);
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES, and only past them', () => {
    const proxies = ['10.0.0.2', '10.0.0.3'];
    expect(forwardedClient('203.0.113.1', '1.2.3.4', proxies)).toBe('203.0.113.1');
    expect(forwardedClient('10.0.0.2', '1.2.3.4, 198.51.100.5', proxies)).toBe('198.51.100.5');
    expect(forwardedClient('10.0.0.2', '1.2.3.4, 198.51.100.5, 10.0.0.3', proxies)).toBe('198.51.100.5');
    expect(forwardedClient('10.0.0.2', undefined, proxies)).toBe('10.0.0.2');
  });
});

describe('guards', () => {
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      const role = c.req.header('x-role');
      c.set(
        'user',
        role
          ? { id: 'u1', email: 'u@example.com', name: 'U', role, createdAt: new Date(), emailVerified: true, confirmedAt: new Date() }
          : null,
      );
      await next();
    })
    .get('/me', requireUser, (c) => c.text('ok'))
    .get('/admin', requireAdmin, (c) => c.text('ok'))
    .onError((error, c) => c.json({ message: error.message }, (error as { status?: 401 | 403 }).status ?? 500));

  it('requireUser answers 401 to a visitor', async () => {
    expect((await app.request('/me')).status).toBe(401);
    expect((await app.request('/me', { headers: { 'x-role': 'user' } })).status).toBe(200);
  });

  it('requireAdmin answers 401 to a visitor and 403 to a user', async () => {
    expect((await app.request('/admin')).status).toBe(401);
    expect((await app.request('/admin', { headers: { 'x-role': 'user' } })).status).toBe(403);
    expect((await app.request('/admin', { headers: { 'x-role': 'admin' } })).status).toBe(200);
  });
});

describeEachDatabase('history guard', (server) => {
  it('answers 401 to a visitor', async () => {
    const response = await new TestClient(server()).request('/api/history', { method: 'DELETE' });
    expect(response.status).toBe(401);
  });
});

// --- Mail through a real SMTP server ---

interface Received {
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let smtpPort = 0;
let refuse = false;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describeEachDatabase(
  'mails after sign-up',
  (server) => {
    it('sends a welcome mail and a notification to support, each with text, HTML and a link', async () => {
      refuse = false;
      const { email } = await signUp(new TestClient(server()), { confirm: false });
      const welcome = await waitFor(() => received.find((m) => m.to.includes(email)));
      const notice = await waitFor(() =>
        received.find((m) => m.to.includes('support@piplens.app') && m.data.includes(email)),
      );
      for (const mail of [welcome, notice]) {
        expect(mail.data).toMatch(/Content-Type: text\/plain/);
        expect(mail.data).toMatch(/Content-Type: text\/html/);
        expect(mail.data).toContain('http://localhost:3000');
      }
      expect(welcome.data).toMatch(/Subject: Welcome to PipLens/);
    });

    it('still signs up when the SMTP server refuses', async () => {
      refuse = true;
      const { email } = await signUp(new TestClient(server()), { confirm: false });
      const [row] = await server().database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      expect(row).toBeDefined();
      refuse = false;
    });
  },
  () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
);
