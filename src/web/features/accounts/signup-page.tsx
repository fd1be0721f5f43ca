import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SignupSchema, type SignupInput } from '../../../shared/auth';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api';
import { AuthCard } from './auth-card';
import { signUp } from './auth-api';
import type { WelcomeState } from './welcome-page';

export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<SignupInput>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp({ name: values.fullName, email: values.email, password: values.password });
    } catch (error) {
      toast({ title: messageOf(error, 'Failed to create account. Please try again.'), variant: 'destructive' });
      return;
    }
    // No session yet: the confirmation link in the welcome mail signs the trader in.
    toast({ title: 'Account created successfully!', variant: 'success' });
    void navigate(href.welcome, { state: { name: values.fullName, email: values.email } satisfies WelcomeState });
  });

  return (
    <AuthCard title="Create your account" subtitle="Start your free trial, no card needed">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField id="fullName" label="Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <TextField id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="new-password"
          hint="Password must be at least 8 characters"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          id="confirmPassword"
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <p className="text-xs text-muted-foreground">
          By signing up, you agree to our{' '}
          <Link to={href.terms} className="text-primary underline dark:text-blue-400">
            Terms and Conditions
          </Link>
          .
        </p>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating account...' : 'Sign up'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={href.login} className="font-medium text-primary hover:underline dark:text-blue-400">
          Log in
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to={href.home} className="text-muted-foreground hover:underline">
          Back to home
        </Link>
      </p>
    </AuthCard>
  );
}
