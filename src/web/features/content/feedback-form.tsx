import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';

const SUBMIT_DELAY_MS = 1000;

export function FeedbackForm() {
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitting(true);
    await new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY_MS));
    setSubmitting(false);
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
        <Input id="feedback-name" name="name" required autoComplete="name" />
      </div>
      <div className="grid gap-2">
        <label htmlFor="feedback-email" className="text-sm font-medium">
          Email
        </label>
        <Input id="feedback-email" name="email" type="email" required autoComplete="email" />
      </div>
      <div className="grid gap-2">
        <label htmlFor="feedback-message" className="text-sm font-medium">
          Feedback
        </label>
        <Textarea id="feedback-message" name="feedback" required />
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Feedback'}
      </Button>
    </form>
  );
}
