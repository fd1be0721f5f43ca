import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The copy of a visitor's feedback that goes to the support mailbox. */
export function feedbackMail(input: { to: string; id: string; name: string; email: string; message: string }): MailMessage {
  const subject = `PipLens feedback from ${input.name.replace(/[\r\n]+/g, ' ')}`;
  return {
    to: input.to,
    subject,
    text: `From: ${input.name} <${input.email}>\nReference: ${input.id}\n\n${input.message}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:auto;padding:24px">
<h1 style="font-size:20px">Feedback from ${escapeHtml(input.name)}</h1>
<p>From: ${escapeHtml(input.name)} &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;<br>Reference: ${escapeHtml(input.id)}</p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p></body></html>`,
  };
}
