import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordSchema, type ResetPasswordInput } from '../../../shared/auth';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError, messageOf } from '../../lib/api';
import { AuthCard } from './auth-card';
import { resetPassword } from './auth-api';

const INVALID_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await resetPassword({ newPassword: password, token });
    } catch (error) {
      const expired = error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';
      toast({ title: expired ? INVALID_LINK : messageOf(error, INVALID_LINK), variant: 'destructive' });
      return;
    }
    toast({ title: 'Password updated', description: 'Log in with your new password.', variant: 'success' });
    void navigate(href.login);
  });

  if (!token || params.get('error')) {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert" className="text-sm">
          {INVALID_LINK}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to={href.forgotPassword} className="text-primary hover:underline dark:text-blue-400">
            Send a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <PasswordField
          id="password"
          label="New Password"
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
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
