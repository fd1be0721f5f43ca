import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ForgotPasswordSchema, type ForgotPasswordInput } from '../../../shared/auth';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './auth-api';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      toast({ title: messageOf(error, 'Could not send the reset link. Please try again.'), variant: 'destructive' });
      return;
    }
    setSentTo(email);
  });

  return (
    <AuthCard title="Reset your password" subtitle="We'll email you a link to choose a new one">
      {sentTo ? (
        <p role="status" className="text-sm">
          If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. The link works once and expires in
          one hour.
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <TextField id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={href.login} className="text-primary hover:underline dark:text-blue-400">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
