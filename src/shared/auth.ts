import { z } from 'zod';

export const EmailSchema = z.string().trim().pipe(z.email('Please enter a valid email address'));
export const FullNameSchema = z.string().trim().min(2, 'Full name must be at least 2 characters').max(100);
export const NewPasswordSchema = z.string().min(8, 'Password must be at least 8 characters').max(128);

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(6, 'Password must be at least 6 characters').max(128),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SignupSchema = z
  .object({
    fullName: FullNameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string().min(8, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupInput = z.infer<typeof SignupSchema>;

/** What the browser sends to the server to create an account. */
export const SignupRequestSchema = z.object({
  name: FullNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string().min(8, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const SIGNUP_THROTTLED_MESSAGE =
  'Too many sign-ups from your network in a short time. Please try again in 15 minutes.';
export const LOGIN_THROTTLED_MESSAGE =
  'Too many failed login attempts. Please wait 15 minutes and try again, or reset your password.';

/** How long an email confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;
export const CONFIRM_MAIL_THROTTLED_MESSAGE =
  'We have sent several confirmation emails already. Please check your inbox and spam folder, or try again in 15 minutes.';
