import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LoginSchema, type LoginInput } from '../../../shared/auth';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { messageOf } from '../../lib/api';
import { takeRedirectAfterAuth } from '../../lib/redirect-after-auth';
import { AuthCard } from './auth-card';
import { signIn } from './auth-api';
import { useAuth } from './auth-context';

export function LoginPage() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn(values);
    } catch (error) {
      toast({ title: messageOf(error, 'Failed to login. Please check your credentials.'), variant: 'destructive' });
      return;
    }
    await refresh();
    toast({ title: 'Logged in successfully!', variant: 'success' });
    void navigate(takeRedirectAfterAuth() ?? href.dashboard);
  });

  return (
    <AuthCard title="Welcome back" subtitle="Log in to analyse your charts">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to={href.forgotPassword} className="text-primary hover:underline dark:text-blue-400">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don't have an account?{' '}
        <Link to={href.signup} className="font-medium text-primary hover:underline dark:text-blue-400">
          Sign up
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
