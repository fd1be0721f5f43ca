import { CONFIRM_LINK_HOURS } from '../../../shared/auth';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#64748b;font-size:12px">PipLens · ${escapeHtml(action.url)}</p></body></html>`;
}

/** A mail of paragraphs and one action: the action is the text's last line and the HTML's button. */
function actionMail(
  input: { to: string; subject: string; title: string },
  paragraphs: string[],
  action: { label: string; textLabel: string; url: string },
): MailMessage {
  return {
    to: input.to,
    subject: input.subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.textLabel}: ${action.url}\n`,
    html: layout(input.title, paragraphs, action),
  };
}

export function welcomeMail(input: { to: string; name: string; confirmUrl: string; trialDays: number }): MailMessage {
  const paragraphs = [
    `Hi ${input.name},`,
    `Welcome to PipLens. Please confirm your email address with the link below: your ${input.trialDays}-day free trial starts then. Upload a screenshot of any forex chart and PipLens reads the candles and the price scale, then gives you a trend, an entry, a stop loss, a take profit and a position size that fits your capital.`,
    `The link works for ${CONFIRM_LINK_HOURS} hours. If you did not sign up for PipLens, ignore this mail.`,
    'Trading carries risk. Use every analysis as one input to your own decision, and never risk money you cannot afford to lose.',
  ];
  return actionMail({ to: input.to, subject: 'Welcome to PipLens', title: 'Welcome to PipLens' }, paragraphs, {
    label: 'Confirm your email',
    textLabel: 'Confirm your email',
    url: input.confirmUrl,
  });
}

export function confirmEmailMail(input: { to: string; name: string; confirmUrl: string }): MailMessage {
  const paragraphs = [
    `Hi ${input.name},`,
    `Here is a new link to confirm the email address of your PipLens account. It works for ${CONFIRM_LINK_HOURS} hours.`,
    'If you did not ask for it, ignore this mail.',
  ];
  return actionMail({ to: input.to, subject: 'Confirm your PipLens email', title: 'Confirm your email' }, paragraphs, {
    label: 'Confirm your email',
    textLabel: 'Confirm your email',
    url: input.confirmUrl,
  });
}

export function signupNotificationMail(input: {
  to: string;
  newUserEmail: string;
  newUserName: string;
  appUrl: string;
}): MailMessage {
  const paragraphs = [`A new trader signed up: ${input.newUserName} <${input.newUserEmail}>.`];
  return {
    to: input.to,
    subject: `New PipLens sign-up: ${input.newUserEmail}`,
    text: `${paragraphs.join('\n\n')}\n\n${input.appUrl}\n`,
    html: layout('New sign-up', paragraphs, { label: 'Open PipLens', url: input.appUrl }),
  };
}

export function passwordResetMail(input: { to: string; name: string; url: string }): MailMessage {
  const paragraphs = [
    `Hi ${input.name},`,
    'Someone asked to reset the password of your PipLens account. If it was you, open the link below to choose a new password. The link works once and expires in one hour.',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ];
  return actionMail(
    { to: input.to, subject: 'Reset your PipLens password', title: 'Reset your password' },
    paragraphs,
    {
      label: 'Reset password',
      textLabel: 'Reset your password',
      url: input.url,
    },
  );
}

/** To the owner of an address someone tried to sign up with: no account is made, nothing is said to the asker. */
export function signupAttemptMail(input: { to: string; name: string; appUrl: string }): MailMessage {
  const login = `${input.appUrl}/login`;
  const reset = `${input.appUrl}/forgot-password`;
  const paragraphs = [
    `Hi ${input.name},`,
    'Someone tried to create a PipLens account with this email address, which already has one. If it was you, log in with your password, or reset it if you have forgotten it.',
    `Log in: ${login}`,
    `Reset your password: ${reset}`,
    'If it was not you, you can ignore this mail: nothing has changed on your account.',
  ];
  return {
    to: input.to,
    subject: 'Someone tried to sign up with your email',
    text: `${paragraphs.join('\n\n')}\n`,
    html: layout('You already have a PipLens account', paragraphs, { label: 'Log in', url: login }),
  };
}

/** To a listed admin address once confirmed: the admin role comes with a password set through this link. */
export function adminSetupMail(input: { to: string; name: string; url: string }): MailMessage {
  const paragraphs = [
    `Hi ${input.name},`,
    'This address may use the admin settings of PipLens. To turn them on, set your password with the link below: the admin role comes with a password chosen through your inbox, so nobody who signed up with your address before you can use it. The link works once and expires in one hour.',
    'If you did not expect this, ignore this mail.',
  ];
  return actionMail(
    { to: input.to, subject: 'Set your PipLens admin password', title: 'Set your admin password' },
    paragraphs,
    {
      label: 'Set password',
      textLabel: 'Set your password',
      url: input.url,
    },
  );
}
