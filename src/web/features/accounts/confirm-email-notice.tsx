import { useState } from 'react';
import { TRIAL_DAYS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api';
import { sendConfirmationMail } from './auth-api';

/**
 * The state of an account whose email address is not confirmed yet: where the link went, that the
 * trial starts with it, and a way to send it again (the server limits how often).
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await sendConfirmationMail(email);
      setSent(true);
      toast({ title: 'A new confirmation link is on its way.', variant: 'success' });
    } catch (error) {
      toast({ title: messageOf(error, 'We could not send the link. Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <div role="status" className="rounded-lg border border-primary/40 bg-card p-5">
      <h2 className="text-lg font-semibold">Confirm your email address</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        We sent a link to <span className="font-medium text-foreground">{email}</span>. Open it to confirm your address: your{' '}
        {TRIAL_DAYS}-day free trial and your first analysis start then. No mail after a few minutes? Check your spam folder, or
        send the link again.
      </p>
      <Button className="mt-4" variant="outline" disabled={sending} onClick={() => void resend()}>
        {sending ? 'Sending...' : sent ? 'Send the link again' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}
