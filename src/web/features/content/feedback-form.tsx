import { useState, type FormEvent } from 'react';
import {
  FEEDBACK_EMAIL_MAX,
  FEEDBACK_HONEYPOT_FIELD,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_NAME_MAX,
  FeedbackReceivedSchema,
} from '../../../shared/feedback';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { postJson } from '../../lib/api';

/** SPEC §2: the button reads 'Submitting...' for this long, however fast the server answers. */
const SUBMIT_DELAY_MS = 1000;

export function FeedbackForm() {
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '');
    setSubmitting(true);
    const [sent] = await Promise.allSettled([
      postJson('/api/feedback', FeedbackReceivedSchema, {
        name: field('name'),
        email: field('email'),
        feedback: field('feedback'),
        [FEEDBACK_HONEYPOT_FIELD]: field(FEEDBACK_HONEYPOT_FIELD),
      }),
      new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY_MS)),
    ]);
    setSubmitting(false);
    if (sent.status === 'rejected') {
      toast({
        title: 'Feedback not sent',
        description: sent.reason instanceof Error ? sent.reason.message : 'Please try again.',
        variant: 'destructive',
      });
      return;
    }
    form.reset();
    toast({
      title: 'Feedback submitted',
      description: 'Thank you for your feedback! We will review it soon.',
      variant: 'success',
    });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="mt-6 grid gap-4">
      <div className="grid gap-2">
        <label htmlFor="feedback-name" className="text-sm font-medium">
          Name
        </label>
        <Input id="feedback-name" name="name" required maxLength={FEEDBACK_NAME_MAX} autoComplete="name" />
      </div>
      <div className="grid gap-2">
        <label htmlFor="feedback-email" className="text-sm font-medium">
          Email
        </label>
        <Input id="feedback-email" name="email" type="email" required maxLength={FEEDBACK_EMAIL_MAX} autoComplete="email" />
      </div>
      <div className="grid gap-2">
        <label htmlFor="feedback-message" className="text-sm font-medium">
          Feedback
        </label>
        <Textarea id="feedback-message" name="feedback" required maxLength={FEEDBACK_MESSAGE_MAX} />
      </div>
      {/* Honeypot: off screen, out of the tab order and hidden from assistive tech, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="feedback-website">Leave this field empty</label>
        <input id="feedback-website" name={FEEDBACK_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Feedback'}
      </Button>
    </form>
  );
}
